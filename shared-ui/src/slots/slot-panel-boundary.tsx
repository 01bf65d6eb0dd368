import { Component, type ErrorInfo, type ReactNode } from 'react';

interface SlotPanelBoundaryProps {
  /** Named in the console message (which panel, from which remote). */
  label: string;
  fallback: ReactNode;
  children: ReactNode;
}

interface SlotPanelBoundaryState {
  failed: boolean;
}

/**
 * Catches whatever one contributed panel throws — its remote failing to load (the loader's
 * rejection, thrown by `use`), a lazy chunk that fails, or a render error — so only that panel
 * turns into its error line and the page around it keeps working. Reset by remounting with a new
 * key (the retry link does).
 */
export class SlotPanelBoundary extends Component<SlotPanelBoundaryProps, SlotPanelBoundaryState> {
  override state: SlotPanelBoundaryState = { failed: false };

  static getDerivedStateFromError(): SlotPanelBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`لوحة ${this.props.label}: تعذر التحميل أو العرض`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
