import { Component, type ReactNode } from 'react';

/** Catches a page's render error: 'This page crashed.', the message and 'Try again' (SPEC §8). */
export class PageErrorBoundary extends Component<{ children: ReactNode; fallback: (error: Error, retry: () => void) => ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error('This page crashed.', error);
  }
  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, () => this.setState({ error: null }));
    return this.props.children;
  }
}
