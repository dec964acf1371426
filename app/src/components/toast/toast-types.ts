// The fields of a toast (spec §3 Toast): id, open flag, title, description, icon, avatar, colour, actions…
import type { ReactNode } from 'react';

export type ToastColor = 'primary' | 'success' | 'info' | 'warning' | 'error' | 'neutral';
export type ToastIconName = 'success' | 'info' | 'warning' | 'error' | 'language';

export interface ToastAction {
  label: string;
  onClick?: () => void;
}

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ToastIconName;
  avatar?: { src: string; alt: string };
  color?: ToastColor;
  actions?: ToastAction[];
  /** Show the close button (default true). */
  close?: boolean;
  /** Ms before it closes by itself; `Infinity` keeps it open. */
  duration?: number;
  onClick?: (toast: ToastEntry) => void;
  /**
   * While this toast is open, error toasts are not shown: it already says why things fail (the
   * session ended, so the request that found out fails too, and its page's "failed" would repeat it).
   */
  silencesErrors?: boolean;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}
