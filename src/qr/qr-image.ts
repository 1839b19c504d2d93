import pLimit from 'p-limit';

/** Pixels per side: room for a phone photo of a screen to resolve every module. */
export const QR_IMAGE_WIDTH = 600;

/** pngjs's options (qrcode passes them on): its default deflate level, one filter (4: Paeth). */
const PNG_OPTIONS = { deflateLevel: 9, filterType: 4 };

/**
 * A PNG of `url` as a QR code: error correction M, the standard 4-module quiet zone.
 * Drawn by the background thread in many-workspace mode (src/background/qr-draws.ts), else on
 * the thread that answers Slack; either way each row is filtered one way (Paeth) rather than
 * tried five ways (pngjs's default): the same file size within 1 %, and the loop blocked about
 * 20 ms a code instead of about 60.
 */
export async function renderQrPng(url: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode'); // loaded with the first /qr
  return QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: QR_IMAGE_WIDTH,
    color: { dark: '#000000ff', light: '#ffffffff' },
    rendererOpts: PNG_OPTIONS,
  });
}

/**
 * PNGs drawn by one thread at once, at most. pngjs holds about 3 MiB per PNG from its filtering
 * until zlib has deflated it, and zlib deflates on libuv's pool, so every PNG asked for at once is
 * in memory at once: at 100 workspaces, creation put 75 MiB of them in the background thread.
 * Two keep the pool busy while the next one is filtered.
 */
export const QR_DRAWS_AT_ONCE = 2;

/** renderQrPng for one thread: `atOnce` drawn at a time, the rest in order behind them. */
export function qrPainter(
  atOnce = QR_DRAWS_AT_ONCE,
  render: (url: string) => Promise<Buffer> = renderQrPng,
): (url: string) => Promise<Buffer> {
  const limit = pLimit(atOnce);
  return (url) => limit(() => render(url));
}
