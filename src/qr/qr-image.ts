/** Pixels per side: room for a phone photo of a screen to resolve every module. */
export const QR_IMAGE_WIDTH = 600;

/** A PNG of `url` as a QR code: error correction M, the standard 4-module quiet zone. */
export async function renderQrPng(url: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode'); // loaded with the first /qr
  return QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: QR_IMAGE_WIDTH,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}
