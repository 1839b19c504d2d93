import type { ServerResponse } from 'node:http';

const HEARTBEAT_MS = 15_000;

/** Server-sent events to every open page; the heartbeat keeps idle proxies from closing streams. */
export interface SseHub {
  open(res: ServerResponse, first: { event: string; data: unknown }): void;
  broadcast(event: string, data: unknown): void;
  /** Ends every stream (the HTTP server cannot close while they are open). */
  close(): void;
  readonly size: number;
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createSseHub(): SseHub {
  const clients = new Set<ServerResponse>();
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    open(res, first) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(frame(first.event, first.data));
      clients.add(res);
      res.on('close', () => clients.delete(res));
    },
    broadcast(event, data) {
      const text = frame(event, data);
      for (const res of clients) res.write(text);
    },
    close() {
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
    },
    get size() {
      return clients.size;
    },
  };
}
