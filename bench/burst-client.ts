import { connect } from 'node:net';

/**
 * The load benchmark's sender, in a process of its own (forked by load-burst.ts): it gets the
 * signed requests already built and opens one fresh connection each, all at once, as Slack's
 * servers would; it times each from its connection attempt to the end of its answer. Kept out of
 * the bench process, which also hosts the Slack double receiving the bot's answers, so the acks
 * measured are the bot's and not the time the sender needed to build, sign and read them.
 */
export interface BurstRequest {
  headers: Record<string, string>;
  body: string;
}

export interface BurstReply {
  status: number;
  ms: number;
}

/** The whole answer has arrived: its head and as many body bytes as content-length says. */
function complete(raw: Buffer): number | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = raw.subarray(0, end).toString('latin1');
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length && raw.length - end - 4 < Number(length[1])) return undefined;
  return Number(head.slice(9, 12));
}

function send(url: URL, request: BurstRequest): Promise<BurstReply> {
  const head = [
    `POST ${url.pathname} HTTP/1.1`,
    `host: ${url.host}`,
    'connection: close',
    ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
    `content-length: ${Buffer.byteLength(request.body)}`,
  ].join('\r\n');
  const raw = Buffer.from(`${head}\r\n\r\n${request.body}`);
  return new Promise((resolve) => {
    const t0 = performance.now();
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (status: number) => {
      if (done) return;
      done = true;
      resolve({ status, ms: performance.now() - t0 });
      socket.destroy();
    };
    const socket = connect(Number(url.port), url.hostname, () => socket.write(raw));
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const status = complete(Buffer.concat(chunks));
      if (status !== undefined) finish(status);
    });
    socket.on('close', () => finish(complete(Buffer.concat(chunks)) ?? 0));
    socket.on('error', () => finish(0));
  });
}

process.once('message', (m: { url: string; requests: BurstRequest[] }) => {
  const url = new URL(m.url);
  void Promise.all(m.requests.map((r) => send(url, r))).then((replies) => {
    process.send?.(replies, () => process.exit(0));
  });
});
