// The pure list operations of the toast area: add (keeping at most the limit, oldest dropped), close, remove.
import type { ToastEntry } from './toast-types';

export type ToastListAction =
  | { type: 'add'; toast: ToastEntry; limit: number }
  | { type: 'close'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

export function toastListReducer(list: ToastEntry[], action: ToastListAction): ToastEntry[] {
  switch (action.type) {
    case 'add':
      return [...list, action.toast].slice(-action.limit);
    case 'close':
      return list.map((toast) => (toast.id === action.id ? { ...toast, open: false } : toast));
    case 'remove':
      return list.filter((toast) => toast.id !== action.id);
    case 'clear':
      return [];
  }
}
