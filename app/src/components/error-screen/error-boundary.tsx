// Catches render errors of the page below and shows the error screen; reset clears it.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeError } from '@/lib/app-error';
import { ErrorScreen } from './error-screen';

interface State {
  error: unknown;
  hasError: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
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
    const { statusCode, statusMessage } = describeError(this.state.error);
    return <ErrorScreen statusCode={statusCode} statusMessage={statusMessage} onReset={this.reset} />;
  }
}
