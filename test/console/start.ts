import { pino } from 'pino';
import { readConfig } from '../../src/config.js';
import { type RunningConsole, startConsole } from '../../src/console/start-console.js';

/** A console on a free port with an in-memory store; QR polling fast so tests stay short. */
export async function startTestConsole(
  env: Record<string, string> = {},
  qrScanAfterMs?: number,
): Promise<RunningConsole> {
  const config = readConfig({
    PORT: '0',
    DATABASE_URL: 'sqlite::memory:',
    QR_POLL_INTERVAL_MS: '200',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return startConsole(config, pino({ level: 'silent' }), { qrScanAfterMs });
}

export interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads /console/events like the page does; `next` waits for the first event matching. */
export async function openEvents(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  if (!res.body) throw new Error('no event stream');
  const seen: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data) seen.push({ event, data: JSON.parse(data) });
          for (const wake of waiters) wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    seen,
    async next<T>(pick: (e: SseEvent) => T | undefined, timeoutMs = 8000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const e of seen) {
          const hit = pick(e);
          if (hit !== undefined) return hit;
        }
        if (Date.now() > deadline) throw new Error(`no matching event in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 200);
        });
      }
    },
    close: () => controller.abort(),
  };
}

export async function post(base: string, path: string, body: unknown) {
  const res = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
