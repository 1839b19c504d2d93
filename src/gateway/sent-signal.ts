import { subscribe } from 'node:diagnostics_channel';

/**
 * Tells a caller the moment undici has written a request to its socket: that, not the call to
 * `request()`, is when it leaves for the gateway (a new connection or a busy event loop can sit
 * between the two). undici publishes both events on diagnostics channels; the request object is
 * created synchronously inside `request()`, which is how the two are matched.
 */
const pending = new WeakMap<object, () => void>();
let next: (() => void) | undefined;

subscribe('undici:request:create', (message) => {
  if (!next) return;
  pending.set((message as { request: object }).request, next);
  next = undefined;
});
subscribe('undici:request:bodySent', (message) => {
  const request = (message as { request: object }).request;
  const done = pending.get(request);
  if (!done) return;
  pending.delete(request);
  done();
});

/** Runs `start` (which must call undici synchronously) and calls `onSent` once it is written. */
export function withSentSignal<T>(onSent: (() => void) | undefined, start: () => T): T {
  next = onSent;
  try {
    return start();
  } finally {
    next = undefined;
  }
}
