import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  body: string;
  headers: Record<string, string>;
}

/**
 * An HTTP hop in front of the bot that keeps each request exactly as it arrived (body and signed
 * headers), so a test can send the very same signed request again later, as a replay would.
 */
export async function startRecordingProxy(target: string): Promise<{
  url: string;
  recorded: () => RecordedRequest[];
  /** Sends a recorded request to the target again, byte for byte; returns the ack's status. */
  replay(r: RecordedRequest): Promise<number>;
  close(): Promise<void>;
}> {
  const seen: RecordedRequest[] = [];
  const send = async (r: RecordedRequest) => {
    const res = await fetch(target, { method: 'POST', headers: r.headers, body: r.body });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(Buffer.from(c));
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) {
        headers[k] = v;
      }
    }
    const r = { body: Buffer.concat(chunks).toString('utf8'), headers };
    seen.push(r);
    const answer = await send(r);
    res.writeHead(answer.status, { 'content-type': answer.type ?? 'text/plain' });
    res.end(answer.text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/slack/events`,
    recorded: () => [...seen],
    replay: async (r) => (await send(r)).status,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
