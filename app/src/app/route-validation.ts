// Validity checks of route params: record ids are positive integers or UUIDs (DESIGN §5).
import type { Params } from 'react-router';

const integerId = /^[1-9][0-9]{0,17}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hasValidIds(params: Params): boolean {
  return Object.entries(params)
    .filter(([name]) => name !== '*')
    .every(([, value]) => value !== undefined && (integerId.test(value) || uuid.test(value)));
}
