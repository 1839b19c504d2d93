import type { TransferListItem } from 'node:worker_threads';
import type { FromBackground, QrDrawAnswer, ToBackground } from './messages.js';

/**
 * How long a /qr waits for the background thread's PNG before drawing it on the main thread: a
 * thread busy or gone never fails a QR code, it only costs the main thread the drawing again.
 */
export const QR_DRAW_WAIT_MS = 5_000;

/** The main thread's side: PNGs asked of the thread, each settled by its answer, the bound or the thread's end. */
export interface QrDraws {
  draw(url: string): Promise<Buffer>;
  answer(m: QrDrawAnswer): void;
  /** The thread has ended: what waits, and every later draw, is drawn here. */
  threadGone(): void;
}

/**
 * Drawing a PNG (pngjs filtering and deflating 600 × 600 pixels) holds a thread about 20 ms;
 * the background thread does it so that the main thread's turns stay people's answers.
 */
export function qrDrawsOnThread(
  send: (m: ToBackground) => void,
  drawHere: (url: string) => Promise<Buffer>,
): QrDraws {
  const waiting = new Map<number, (png: Buffer | undefined) => void>();
  let seq = 0;
  let gone = false;
  return {
    draw(url) {
      if (gone) return drawHere(url);
      const id = ++seq;
      return new Promise<Buffer | undefined>((settle) => {
        const late = setTimeout(() => waiting.get(id)?.(undefined), QR_DRAW_WAIT_MS);
        waiting.set(id, (png) => {
          clearTimeout(late);
          waiting.delete(id);
          settle(png);
        });
        send({ type: 'drawQr', id, url });
      }).then((png) => png ?? drawHere(url));
    },
    answer(m) {
      const png = m.type === 'qrDrawn' ? m.png : undefined;
      waiting.get(m.id)?.(png && Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
    threadGone() {
      gone = true;
      for (const settle of [...waiting.values()]) settle(undefined);
    },
  };
}

/**
 * The background thread's side: the PNG drawn and its bytes' buffer transferred to the main
 * thread, which copies nothing (a PNG in Node's shared pool, as most are, is copied here first).
 */
export async function drawForMain(
  m: Extract<ToBackground, { type: 'drawQr' }>,
  /** The thread's painter (qrPainter): its PNGs drawn a few at a time. */
  draw: (url: string) => Promise<Buffer>,
  post: (m: FromBackground, transfer: TransferListItem[]) => void,
  drawn: () => void,
): Promise<void> {
  let png: Buffer;
  try {
    png = await draw(m.url);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return post({ type: 'qrNotDrawn', id: m.id, message }, []);
  }
  drawn();
  // A small Buffer can be a slice of Node's shared pool, which is not ours to transfer.
  const whole = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength;
  const bytes =
    whole && png.buffer instanceof ArrayBuffer ? new Uint8Array(png.buffer) : new Uint8Array(png);
  post({ type: 'qrDrawn', id: m.id, png: bytes }, [bytes.buffer]);
}
