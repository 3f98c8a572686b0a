/**
 * Camera barcode decoding, picked per platform and loaded only when the user starts scanning:
 * the browser's own BarcodeDetector where it exists (Chrome on Android, Safari 17+ on macOS),
 * otherwise zxing-cpp compiled to WASM (zxing-wasm), whose .wasm is bundled and served by us —
 * the library's default would fetch it from a CDN, which an offline or strict-CSP deployment cannot.
 */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

const RETAIL_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e'];

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorCtor {
  new (opts: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<FrameDecoder | null> {
  const Ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (!Ctor) return null;
  const supported = await Ctor.getSupportedFormats().catch(() => [] as string[]);
  const formats = RETAIL_FORMATS.filter((f) => supported.includes(f));
  if (!formats.length) return null;
  const detector = new Ctor({ formats });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

async function wasmDecoder(): Promise<FrameDecoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('This browser cannot read camera frames');
  return async (video) => {
    if (!video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    ctx.drawImage(video, 0, 0);
    const results = await readBarcodes(ctx.getImageData(0, 0, canvas.width, canvas.height), {
      formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    return results.find((r) => r.isValid)?.text ?? null;
  };
}

export async function createFrameDecoder(): Promise<{ decode: FrameDecoder; engine: 'BarcodeDetector' | 'zxing-wasm' }> {
  const native = await nativeDetector();
  if (native) return { decode: native, engine: 'BarcodeDetector' };
  return { decode: await wasmDecoder(), engine: 'zxing-wasm' };
}

/** On iOS/Android (Capacitor) Google ML Kit scans with the system camera UI. */
export async function scanWithMlKit(): Promise<string | null> {
  const { BarcodeScanner, BarcodeFormat } = await import('@capacitor-mlkit/barcode-scanning');
  const { camera } = await BarcodeScanner.requestPermissions();
  if (camera !== 'granted' && camera !== 'limited') throw new Error('Camera permission was denied');
  const { barcodes } = await BarcodeScanner.scan({ formats: [BarcodeFormat.Ean13, BarcodeFormat.Ean8, BarcodeFormat.UpcA, BarcodeFormat.UpcE] });
  return barcodes[0]?.rawValue ?? null;
}
