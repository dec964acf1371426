// The `?order=` of the payment pages: an order id (core's `isRecordId`, and a number the API's
// int32 ids can hold), else null.
import { isRecordId } from '@/lib/core';

const maxOrderId = 2 ** 31 - 1;

export function orderIdParam(value: string | null): number | null {
  if (!isRecordId({ value })) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id <= maxOrderId ? id : null;
}
