/**
 * Reads a barcode or QR code from the camera (carrier labels at intake, pickup passes at the counter): the browser's BarcodeDetector where it has one, else ZXing (a
 * maintained decoder, bundled with the app and loaded only when a clerk opens the camera). Code 128, Code 39, QR,
 * Data Matrix, ITF, UPC and EAN: the symbologies on carrier labels.
 */
const FORMATS = ['code_128', 'code_39', 'qr_code', 'data_matrix', 'itf', 'upc_a', 'upc_e', 'ean_13', 'ean_8'];

type Detected = { rawValue: string };
type Detector = { detect(source: HTMLVideoElement): Promise<Detected[]> };
type DetectorClass = {
  new (opts: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

/** Starts reading from `video` (already playing the camera's stream); calls `onCode` once, returns a stop function. */
export async function startBarcodeScan(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<() => void> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = (await Native.getSupportedFormats?.()) ?? FORMATS;
    const detector = new Native({ formats: FORMATS.filter((f) => supported.includes(f)) });
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      try {
        const [hit] = await detector.detect(video);
        if (hit?.rawValue) {
          stopped = true;
          onCode(hit.rawValue);
          return;
        }
      } catch {
        // A frame not ready yet: try the next one.
      }
      setTimeout(() => void tick(), 150);
    };
    void tick();
    return () => {
      stopped = true;
    };
  }
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const hints = new Map();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, [
    BarcodeFormat.CODE_128,
    BarcodeFormat.CODE_39,
    BarcodeFormat.QR_CODE,
    BarcodeFormat.DATA_MATRIX,
    BarcodeFormat.ITF,
    BarcodeFormat.UPC_A,
    BarcodeFormat.UPC_E,
    BarcodeFormat.EAN_13,
    BarcodeFormat.EAN_8,
  ]);
  const reader = new BrowserMultiFormatReader(hints);
  let done = false;
  const controls = await reader.decodeFromVideoElement(video, (result) => {
    if (result && !done) {
      done = true;
      onCode(result.getText());
    }
  });
  return () => controls.stop();
}
