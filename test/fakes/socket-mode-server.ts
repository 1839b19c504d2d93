import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * Slack's side of Socket Mode, on loopback: `apps.connections.open` hands out a ws:// URL, the
 * bot connects, gets "hello", and envelopes are pushed to it; its acks come back by envelope id.
 * Every other Web API method is forwarded to `apiUrl` (the Slack double).
 */
export async function startSocketModeServer(apiUrl: string): Promise<{
  apiUrl: string;
  connected(): Promise<void>;
  send(type: 'slash_commands' | 'interactive' | 'events_api', payload: unknown): Promise<unknown>;
  close(): Promise<void>;
}> {
  const acks = new Map<string, (payload: unknown) => void>();
  let socket: WebSocket | undefined;
  let onConnect: (() => void) | undefined;
  const http: Server = createServer(async (req: IncomingMessage, res) => {
    const method = (req.url ?? '').split('/').pop()?.split('?')[0] ?? '';
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (method === 'apps.connections.open') {
      const ok = /^Bearer xapp-/.test(req.headers.authorization ?? '');
      const port = (http.address() as AddressInfo).port;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          ok
            ? { ok: true, url: `ws://127.0.0.1:${port}/link` }
            : { ok: false, error: 'invalid_auth' },
        ),
      );
      return;
    }
    const forwarded = await fetch(`${apiUrl}${method}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) =>
          ['content-type', 'authorization'].includes(k),
        ) as [string, string][],
      ),
      body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
    });
    res.writeHead(forwarded.status, {
      'content-type': forwarded.headers.get('content-type') ?? 'application/json',
    });
    res.end(Buffer.from(await forwarded.arrayBuffer()));
  });
  const wss = new WebSocketServer({ server: http, path: '/link' });
  wss.on('connection', (ws) => {
    socket = ws;
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: 1,
        debug_info: { host: 'local' },
        connection_info: { app_id: 'A0TEST' },
      }),
    );
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { envelope_id?: string; payload?: unknown };
      if (msg.envelope_id) acks.get(msg.envelope_id)?.(msg.payload ?? {});
    });
    onConnect?.();
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return {
    apiUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/`,
    connected: () => (socket ? Promise.resolve() : new Promise<void>((r) => (onConnect = r))),
    send(type, payload) {
      const envelope_id = randomUUID();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ack for ${type} within 3 s`)), 3000);
        acks.set(envelope_id, (p) => {
          clearTimeout(timer);
          resolve(p);
        });
        socket?.send(
          JSON.stringify({
            envelope_id,
            type,
            payload,
            accepts_response_payload: type !== 'events_api',
          }),
        );
      });
    },
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise((r) => wss.close(r));
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    },
  };
}
