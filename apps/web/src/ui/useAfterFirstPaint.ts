import { startTransition, useEffect, useState } from 'react';

/** The window's idle callback where the browser has one (Safari has not): else a short timer. */
const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
};

/**
 * True once the component has rendered with `ready` true, that render has been painted and the browser
 * is idle: for what a page can do without at first (the unread count, the chat widget, what lies below
 * the first screen), so that its code, requests and rendering do not share a phone's network and main
 * thread with the page's own first content. `ready`: that first content is there (its data arrived).
 */
export const useAfterFirstPaint = (ready = true): boolean => {
  const [painted, setPainted] = useState(false);
  // A transition: what it reveals is rendered in slices between the browser's frames, not in one task.
  useEffect(
    () => (ready && !painted ? whenIdle(() => startTransition(() => setPainted(true))) : undefined),
    [ready, painted],
  );
  return painted;
};
