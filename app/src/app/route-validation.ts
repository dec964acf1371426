// Validity checks of route params: every id parameter must pass the core's record-id rule.
import type { Params } from 'react-router';
import { isRecordId } from '@/lib/core';

export function hasValidIds(params: Params): boolean {
  return Object.entries(params)
    .filter(([name]) => name !== '*')
    .every(([, value]) => isRecordId({ value: value ?? null }));
}
