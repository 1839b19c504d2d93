import { createRequire } from 'node:module';
import { PNG } from 'pngjs';

// jsqr is a UMD bundle whose module.exports is the function; its typings describe an ES default.
const jsQR: typeof import('jsqr').default = createRequire(import.meta.url)('jsqr');

/** What a real QR decoder reads from a PNG, plus its size. */
export function decodeQrPng(png: Buffer): {
  text: string | undefined;
  width: number;
  height: number;
} {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return { text: code?.data, width: image.width, height: image.height };
}
