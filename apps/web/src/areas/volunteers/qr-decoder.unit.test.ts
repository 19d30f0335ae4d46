import { QR_CODE } from '@mingle/shared/core/constants';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrFrame, type Frame } from './qr-decoder';

// A personal QR token as the server makes it (32 random bytes, base64url), encoded the way the QR dialog draws it.
function personalToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A camera-like frame: a grey, noisy 640x480 picture with the QR code (qrcode's own modules, with the dialog's quiet
 * zone) drawn `scale` pixels a module somewhere off centre, in the grey of a phone screen rather than pure black on
 * white.
 */
function cameraFrame(text: string, { scale = 5, left = 120, top = 60 } = {}): Frame {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const width = 640;
  const height = 480;
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 21) - 10;
  for (let i = 0; i < width * height; i++) {
    const shade = 120 + noise();
    data.set([shade, shade, shade + 8, 255], i * 4);
  }
  const side = (modules.size + 2 * QR_CODE.margin) * scale;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - QR_CODE.margin;
      const col = Math.floor(x / scale) - QR_CODE.margin;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      const shade = (dark ? 40 : 215) + noise();
      data.set([shade, shade, shade, 255], ((top + y) * width + left + x) * 4);
    }
  }
  return { data, width, height };
}

describe('decodeQrFrame (the camera fallback without BarcodeDetector)', () => {
  it('reads a personal QR token from a camera-like frame', () => {
    const token = personalToken();
    expect(decodeQrFrame(cameraFrame(token))).toBe(token);
  });

  it('reads it small and in a corner, as a phone held at arm’s length shows it', () => {
    const token = personalToken();
    expect(decodeQrFrame(cameraFrame(token, { scale: 3, left: 480, top: 330 }))).toBe(token);
  });

  it('answers null for a frame without a QR code', () => {
    const empty = cameraFrame('x', { scale: 0 });
    expect(decodeQrFrame(empty)).toBeNull();
  });
});
