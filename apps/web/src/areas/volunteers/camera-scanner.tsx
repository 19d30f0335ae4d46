import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/** Reads one frame of the video: the QR code's text, or null when none is in sight. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The browser's own QR decoder (Chrome, Edge, Android, Safari 17+); null where it does not exist. */
function barcodeDetector(): DetectorConstructor | null {
  return (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector ?? null;
}

/** Whether this browser can show the camera at all (secure context with a camera API). */
export function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

// Frames are scaled down to this width before the JavaScript decoder reads them: a personal QR code held up to the
// camera stays readable, and a phone decodes a frame in a few tens of milliseconds instead of hundreds.
const DECODE_WIDTH = 640;

/** The browser's BarcodeDetector where it exists, else the jsQR decoder, fetched only now (its own chunk). */
async function frameReader(): Promise<FrameReader> {
  const Detector = barcodeDetector();
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue || null;
  }
  const { decodeQrFrame } = await import('./qr-decoder');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  return async (video) => {
    if (!video.videoWidth) return null;
    const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decodeQrFrame(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

/** Reads QR codes from the device camera until one is found; the rear camera on phones. */
export function CameraScanner({ onToken, onError }: { onToken: (token: string) => void; onError: (message: string) => void }) {
  const { t } = useTranslation('volunteers');
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopped = false;
    let timer: number | undefined;
    const scan = (read: FrameReader) => {
      const tick = async () => {
        if (stopped || !video.current) return;
        try {
          const token = await read(video.current);
          if (token) {
            onToken(token);
            return;
          }
        } catch {
          // a frame that is not ready yet; try the next one
        }
        timer = window.setTimeout(() => void tick(), 250);
      };
      void tick();
    };
    Promise.all([navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }), frameReader()])
      .then(async ([media, read]) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        setReady(true);
        scan(read);
      })
      .catch(() => {
        if (!stopped) onError(t('Camera unavailable. Type the token or use a handheld scanner.'));
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onToken, onError, t]);

  return (
    <div className="overflow-hidden rounded-lg bg-black">
      <video ref={video} muted playsInline className="aspect-video w-full object-cover" aria-label={t('Camera preview')} />
      {!ready && <p className="p-3 text-center text-sm text-white">{t('Starting camera…')}</p>}
    </div>
  );
}
