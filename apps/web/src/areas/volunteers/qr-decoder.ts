import jsQR from 'jsqr';

/** One RGBA frame, as a canvas's getImageData gives it. */
export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Finds a QR code in one camera frame and answers its text, or null. The JavaScript decoder for browsers without
 * BarcodeDetector (Firefox, older Safari); loaded with `import()` only there, so other pages never download it.
 * Personal QR codes are dark on light, so inverted codes are not searched for (that would double the work a frame).
 */
export function decodeQrFrame(frame: Frame): string | null {
  const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
  return code?.data ? code.data : null;
}
