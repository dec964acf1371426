// Catches render errors of the page below and shows the error screen (or `fallback`); reset clears it.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeError } from '@/lib/app-error';
import { ErrorScreen } from './error-screen';

interface State {
  error: unknown;
  hasError: boolean;
}

interface Props {
  children: ReactNode;
  /** What to show instead of the plain error screen, given the error and a way to clear it. */
  fallback?: (error: unknown, reset: () => void) => ReactNode;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  private reset = () => this.setState({ error: null, hasError: false });

  render() {
    if (!this.state.hasError) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.state.error, this.reset);
    const { statusCode, statusMessage } = describeError(this.state.error);
    return <ErrorScreen statusCode={statusCode} statusMessage={statusMessage} onReset={this.reset} />;
  }
}
