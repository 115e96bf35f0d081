import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../App';

/**
 * Renders the console into `root`, as a transition, so React yields to the browser every few
 * milliseconds while it builds the first page instead of holding the main thread in one long task
 * (input and paint wait on it).
 */
export const startApp = (root: HTMLElement) =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
