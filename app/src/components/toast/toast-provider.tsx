// Holds the toast list, exposes `useToast()`, and renders the Radix toast area at the bottom-right
// once there is a toast to show (the area's code is fetched then, not with the first load).
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import { toastConfig } from '@/config/toast';
import { toastListReducer } from './toast-list';
import type { ToastEntry, ToastHandle, ToastOptions } from './toast-types';

export interface ToastApi {
  toast: (options: ToastOptions) => ToastHandle;
  dismiss: (id: string) => void;
  toasts: ToastEntry[];
}

export const ToastContext = createContext<ToastApi | null>(null);

const Toaster = lazy(() => import('./toaster'));

let counter = 0;
const nextId = () => `toast-${Date.now().toString(36)}-${(counter += 1)}`;

export function ToastProvider({ children, expand = toastConfig.expand }: { children: ReactNode; expand?: boolean }) {
  const [toasts, dispatch] = useReducer(toastListReducer, []);
  const removalTimers = useRef(new Map<string, number>());
  // Read when a toast is raised, maybe in the same tick as the one that silences (before a render).
  const silencing = useRef(new Set<string>());

  const dismiss = useCallback((id: string) => {
    silencing.current.delete(id);
    dispatch({ type: 'close', id });
    if (removalTimers.current.has(id)) return;
    const timer = window.setTimeout(() => {
      removalTimers.current.delete(id);
      dispatch({ type: 'remove', id });
    }, toastConfig.removeDelayMs);
    removalTimers.current.set(id, timer);
  }, []);

  const toast = useCallback(
    (options: ToastOptions): ToastHandle => {
      const id = nextId();
      if (options.color === 'error' && silencing.current.size > 0) return { id, dismiss: () => {} };
      if (options.silencesErrors) silencing.current.add(id);
      dispatch({ type: 'add', toast: { ...options, id, open: true }, limit: toastConfig.maxEntries });
      return { id, dismiss: () => dismiss(id) };
    },
    [dismiss],
  );

  // A silencing toast dropped from a full list (never closed) silences no more.
  useEffect(() => {
    for (const id of silencing.current) {
      if (!toasts.some((entry) => entry.id === id && entry.open)) silencing.current.delete(id);
    }
  }, [toasts]);

  useEffect(() => {
    const timers = removalTimers.current;
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ toast, dismiss, toasts }), [toast, dismiss, toasts]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <Toaster toasts={toasts} onDismiss={dismiss} expand={expand} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
