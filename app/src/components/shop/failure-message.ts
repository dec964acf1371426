// What to tell a buyer when a shop request fails: the server's own sentence (already in their
// language: not for sale, already bought, already a lifetime member…), else the network message.
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/http';

export function failureMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.statusCode !== 0 && error.message) return error.message;
  return t('app.common.network');
}
