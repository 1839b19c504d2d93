import { createServer } from 'node:net';

/** A TCP port the OS says is free now (for PORT=0, where the bot must know its URL before it binds). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port found'))));
    });
  });
}
