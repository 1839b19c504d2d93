// A gateway stand-in in its own process, so its clock keeps running while the bot's event loop
// stalls. Records when each request arrives; GET /__arrivals returns them. CLOSE=1 answers every
// request with `connection: close` (a new TCP connection per request). DELAY_MS delays answers.
// STALL_MS stalls the server's event loop once, right after the first arrival, as a busy gateway
// would: requests arriving meanwhile are stamped, and answered, when it resumes.
import { createServer } from 'node:http';

const arrivals = [];
const close = process.env.CLOSE === '1';
const delayMs = Number(process.env.DELAY_MS ?? 0);
let stallMs = Number(process.env.STALL_MS ?? 0);
const body = JSON.stringify({
  code: 0,
  msg: 'ok',
  data: {
    order_number: 'P1',
    order_price: 100,
    order_realy_price: 100,
    order_status: 1,
    withholding_money: 0,
  },
});
const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/__arrivals') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(arrivals.splice(0)));
    return;
  }
  arrivals.push({ path, at: performance.now(), token: req.headers.authorization ?? '' });
  if (stallMs > 0) {
    const until = performance.now() + stallMs;
    stallMs = 0;
    while (performance.now() < until) {
      // busy: this process answers nothing meanwhile
    }
  }
  req.resume();
  req.on('end', () => {
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      if (close) res.setHeader('connection', 'close');
      res.end(body);
    }, delayMs);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
