// The check log is shared with the QR benchmarks (src/bench), which cannot import from test/.
export { type CheckSpan, startCheckLog } from '../../src/bench/check-log.js';
