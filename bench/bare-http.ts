import { createServer } from 'node:http';

/**
 * The load benchmark's floor, as a process of its own (started by plain node): a bare `node:http`
 * server that reads each request's body and answers an empty 200, with no signature check, no
 * parse and nothing after the answer. The same burst at it shows what the sender, the kernel's
 * loopback and Node's HTTP server cost on this machine, below which no Node bot's ack can go.
 */
const server = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
    return;
  }
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(200);
    res.end();
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
