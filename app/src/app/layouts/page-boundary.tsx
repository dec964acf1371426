// The error boundary of a layout's page area, reset whenever the address changes.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-screen/error-boundary';

export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
