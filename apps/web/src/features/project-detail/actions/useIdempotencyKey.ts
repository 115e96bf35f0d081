import { useState } from 'react';

/**
 * A fresh Idempotency-Key. getRandomValues rather than randomUUID: randomUUID exists only in a
 * secure context, and the console may be served over plain http on a private address.
 */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The key of a request: the last one's again when the request is the same, else a fresh one. */
export const keyPerRequest = () => {
  let last: { request: string; key: string } | undefined;
  return (request: unknown) => {
    const print = JSON.stringify(request);
    if (last?.request !== print) last = { request: print, key: newIdempotencyKey() };
    return last.key;
  };
};

/**
 * One Idempotency-Key per user action of a money dialog: the same request submitted again (a
 * double click, a retry after an error or a lost answer) carries the same key, so the server moves
 * money once; a changed request gets a new key. Call it inside the dialog, so that each opening
 * starts afresh (activating an add-on again later is a new action).
 */
export const useIdempotencyKey = () => useState(keyPerRequest)[0];
