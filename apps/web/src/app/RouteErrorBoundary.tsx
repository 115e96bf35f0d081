import { Component, type ReactNode } from 'react';
import { RouteError } from './RouteError';

type Props = {
  children: ReactNode;
  /** The location's key: a navigation clears the error, and the next page is tried. */
  resetKey: string;
};
type State = { failed: boolean; resetKey: string };

/** Shows RouteError in place of the pages when one throws while rendering, until the next navigation. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
