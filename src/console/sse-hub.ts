import type { ServerResponse } from 'node:http';

const HEARTBEAT_MS = 15_000;
/** Open streams at most: a developer's tabs, not an unbounded list anyone can grow. */
export const MAX_STREAMS = 16;
/** Bytes a stream may have waiting unsent; a tab that reads slower than this is dropped. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Server-sent events to every open page; the heartbeat keeps idle proxies from closing streams. */
export interface SseHub {
  /** Starts a stream; past MAX_STREAMS answers 503 instead. */
  open(res: ServerResponse, first: { event: string; data: unknown }): void;
  broadcast(event: string, data: unknown): void;
  /** Ends every stream (the HTTP server cannot close while they are open). */
  close(): void;
  readonly size: number;
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createSseHub(
  limits: { maxStreams: number; maxBufferedBytes: number } = {
    maxStreams: MAX_STREAMS,
    maxBufferedBytes: MAX_BUFFERED_BYTES,
  },
): SseHub {
  const clients = new Set<ServerResponse>();
  // A page that stopped reading (a frozen or backgrounded tab) would otherwise keep every later
  // frame in memory: it is dropped, and reconnects by itself (EventSource) once it reads again.
  const send = (res: ServerResponse, text: string) => {
    res.write(text);
    if (res.writableLength > limits.maxBufferedBytes) {
      clients.delete(res);
      res.destroy();
    }
  };
  const heartbeat = setInterval(() => {
    for (const res of clients) send(res, ': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    open(res, first) {
      if (clients.size >= limits.maxStreams) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' });
        res.end(`too many console pages open (at most ${limits.maxStreams}); close one`);
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      clients.add(res);
      res.on('close', () => clients.delete(res));
      send(res, frame(first.event, first.data));
    },
    broadcast(event, data) {
      const text = frame(event, data);
      for (const res of clients) send(res, text);
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
