import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/** The browser's own QR decoder (Chrome, Edge, Android, Safari 17+); null where it does not exist. */
export function barcodeDetector(): DetectorConstructor | null {
  const ctor = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  return ctor ?? null;
}

/** Reads QR codes from the device camera until one is found; the rear camera on phones. */
export function CameraScanner({ onToken, onError }: { onToken: (token: string) => void; onError: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const Ctor = barcodeDetector();
    if (!Ctor) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    let timer: number | undefined;
    const detector = new Ctor({ formats: ['qr_code'] });
    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        const [code] = await detector.detect(video.current);
        if (code?.rawValue) {
          onToken(code.rawValue);
          return;
        }
      } catch {
        // a frame that is not ready yet; try the next one
      }
      timer = window.setTimeout(() => void tick(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        setReady(true);
        void tick();
      })
      .catch(() => onError('Camera unavailable. Type the token or use a handheld scanner.'));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onToken, onError]);

  return (
    <div className="overflow-hidden rounded-lg bg-black">
      <video ref={video} muted playsInline className="aspect-video w-full object-cover" aria-label="Camera preview" />
      {!ready && <p className="p-3 text-center text-sm text-white">Starting camera…</p>}
    </div>
  );
}
