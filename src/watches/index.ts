export type { CheckOutcome, WatchEvent } from './events.js';
export { afterCheck, isFinal } from './events.js';
export { newWatchRow } from './new-watch.js';
export type { OrderWatchDeps, WatchedOrder, WatchMessages } from './ports.js';
export type { OrderWatchRow, OrderWatchState, WatchKey } from './watch-row.js';
export { keyOf } from './watch-row.js';
export { findWatch, insertWatch, liveWatches, stopWatch } from './watch-store.js';
export { createOrderWatcher, type OrderWatcher } from './watcher.js';
