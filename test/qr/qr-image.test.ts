import { describe, expect, it } from 'vitest';
import { renderQrPng } from '../../src/qr/qr-image.js';
import { decodeQrPng } from './decode.js';

describe('renderQrPng', () => {
  it('draws a PNG a real decoder reads back as exactly the URL, large enough for a phone photo', async () => {
    const url = 'https://sandbox.querydesk.invalid/qr/sbx0123456789abcdef0123?from=slack&x=1';

    const png = await renderQrPng(url);

    const decoded = decodeQrPng(png);
    expect(decoded.text).toBe(url);
    expect(decoded.width).toBeGreaterThanOrEqual(512);
    expect(decoded.height).toBe(decoded.width);
  });

  it('keeps a white quiet zone around the code', async () => {
    const png = await renderQrPng('https://example.invalid/qr/1');

    const { PNG } = await import('pngjs');
    const image = PNG.sync.read(png);
    const edge = Array.from({ length: image.width }, (_, x) => image.data[x * 4] ?? 0);
    expect(Math.min(...edge)).toBe(255);
  });
});
