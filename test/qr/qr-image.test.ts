import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { QR_DRAWS_AT_ONCE, qrPainter, renderQrPng } from '../../src/qr/qr-image.js';
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

  it('filters every row one way (Paeth), so drawing it blocks the loop a third as long', async () => {
    const png = await renderQrPng('https://example.invalid/qr/filters');
    // PNG chunks after the 8-byte signature: length, type, data, CRC.
    const idat: Buffer[] = [];
    let width = 0;
    for (let at = 8; at < png.length; ) {
      const length = png.readUInt32BE(at);
      const type = png.toString('latin1', at + 4, at + 8);
      const data = png.subarray(at + 8, at + 8 + length);
      if (type === 'IHDR') width = data.readUInt32BE(0);
      if (type === 'IDAT') idat.push(data);
      at += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(idat));
    const rowBytes = 1 + width * 4;
    const filters = new Set(
      Array.from({ length: raw.length / rowBytes }, (_, row) => raw[row * rowBytes]),
    );
    expect(filters).toEqual(new Set([4]));
  });
});

describe('qrPainter', () => {
  it('draws at most QR_DRAWS_AT_ONCE at a time, each answer its own PNG', async () => {
    let drawing = 0;
    let most = 0;
    const render = async (url: string) => {
      most = Math.max(most, ++drawing);
      await new Promise((r) => setTimeout(r, 5));
      drawing--;
      return Buffer.from(url);
    };
    const draw = qrPainter(QR_DRAWS_AT_ONCE, render);

    const urls = Array.from({ length: 12 }, (_, i) => `https://example.invalid/qr/${i}`);
    const pngs = await Promise.all(urls.map(draw));

    expect(pngs.map(String)).toEqual(urls);
    expect(QR_DRAWS_AT_ONCE).toBe(2);
    expect(most).toBe(QR_DRAWS_AT_ONCE);
  });

  it('goes on after a draw that failed', async () => {
    const draw = qrPainter(1, async (url) => {
      if (url.endsWith('bad')) throw new Error('not drawn');
      return Buffer.from(url);
    });

    const [bad, good] = await Promise.allSettled([draw('x/bad'), draw('x/good')]);

    expect(bad.status).toBe('rejected');
    expect(good).toEqual({ status: 'fulfilled', value: Buffer.from('x/good') });
  });

  it('draws real PNGs through renderQrPng by default', async () => {
    const url = 'https://example.invalid/qr/painted';
    const png = await qrPainter()(url);
    expect(decodeQrPng(png).text).toBe(url);
  });
});
