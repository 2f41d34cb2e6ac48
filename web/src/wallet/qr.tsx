import { useEffect, useRef, useState } from 'preact/hooks';
import { useTranslation } from 'react-i18next';

/** The alias as a QR code; the encoder loads only when this screen opens, keeping the wallet's first load small. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qrcode) => qrcode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })).then((markup) => live && setSvg(markup));
    return () => {
      live = false;
    };
  }, [text]);
  return <figure class="qr" role="img" aria-label={label} data-qr-text={text} dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />;
}

async function decode(source: CanvasImageSource, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(source, 0, 0, width, height);
  const image = context.getImageData(0, 0, width, height);
  return jsQR(image.data, width, height)?.data ?? null;
}

/**
 * Reads a QR code from the camera, or from a photo when there is no camera (or permission is refused).
 * The decoder (jsQR) loads only when scanning starts.
 */
export function QrScanner({ onResult, onClose }: { onResult: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const scan = async () => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.readyState >= 2 && element.videoWidth > 0) {
        const text = await decode(element, element.videoWidth, element.videoHeight);
        if (text && !stopped) return onResult(text);
      }
      timer = window.setTimeout(() => void scan(), 250);
    };
    if (!navigator.mediaDevices?.getUserMedia) setCameraFailed(true);
    else
      navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then(
        (media) => {
          stream = media;
          if (stopped || !video.current) return media.getTracks().forEach((track) => track.stop());
          video.current.srcObject = media;
          void video.current.play().catch(() => undefined);
          void scan();
        },
        () => setCameraFailed(true),
      );
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    const bitmap = await createImageBitmap(file);
    const text = await decode(bitmap, bitmap.width, bitmap.height);
    if (text) onResult(text);
    else setMessage(t('scan.notFound'));
  };

  return (
    <div class="scanner" role="dialog" aria-modal="true" aria-label={t('scan.title')}>
      <h2>{t('scan.title')}</h2>
      {!cameraFailed ? <video ref={video} muted playsInline aria-label={t('scan.camera')} /> : <p>{t('scan.noCamera')}</p>}
      <label class="button">
        {t('scan.fromPhoto')}
        <input class="sr-only" type="file" accept="image/*" capture="environment" onChange={(event) => void fromFile(event.currentTarget.files?.[0])} />
      </label>
      {message && (
        <p class="note note-error" role="alert">
          {message}
        </p>
      )}
      <button type="button" onClick={onClose}>
        {t('common.cancel')}
      </button>
    </div>
  );
}

/** "@alias", "alias" or a wallet link "…/wallet/send?to=alias" → the alias, or null. */
export function aliasFromQr(text: string): string | null {
  const trimmed = text.trim();
  let candidate = trimmed;
  try {
    const url = new URL(trimmed);
    candidate = url.searchParams.get('to') ?? '';
  } catch {
    // Not a link: the text itself.
  }
  const alias = candidate.replace(/^@/, '').toLowerCase();
  return ALIAS_PATTERN.test(alias) ? alias : null;
}

/** The contract's alias rule: 3 to 30 of a-z 0-9 . _, starting with a letter. */
export const ALIAS_PATTERN = /^[a-z][a-z0-9._]{2,29}$/;
