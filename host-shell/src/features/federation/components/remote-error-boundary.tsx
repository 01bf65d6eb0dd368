import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RemoteErrorBoundaryProps {
  remote: string;
  fallback: (error: unknown) => ReactNode;
  /** Told of each error caught (the host reports it as a client event). */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  error: { value: unknown } | null;
}

/**
 * Catches whatever a remote page throws while rendering (or a lazy chunk that fails), so only the
 * main area shows an error and the top bar, sidebar and other remotes keep working. Reset by
 * remounting with a new key (the retry button does).
 */
export class RemoteErrorBoundary extends Component<
  RemoteErrorBoundaryProps,
  RemoteErrorBoundaryState
> {
  override state: RemoteErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RemoteErrorBoundaryState {
    return { error: { value: error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`قسم ${this.props.remote}: خطأ أثناء العرض`, error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error.value) : this.props.children;
  }
}
