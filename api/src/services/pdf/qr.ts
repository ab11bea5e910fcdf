import QRCode from 'qrcode';

/**
 * The e-invoice QR's printed side in points: 96 pt (34 mm) on A4; up to 150 pt on a thermal roll, whose column is
 * never narrower than A4's code (a 58 mm roll prints 52 mm across).
 */
export const QR_POINTS = { a4: 96, thermal: 150 } as const;

/** The smallest module a phone camera reads reliably off paper: 0.25 mm (two dots of a 203-dpi thermal head). */
const MIN_MODULE_MM = 0.25;
const MM_PER_POINT = 25.4 / 72;

/**
 * The most modules across a printable QR: its smallest printed side over the smallest readable module. 135, so at
 * most version 29: a signed string of up to 1,264 characters (the IRP's are about 1,000).
 */
export const QR_MAX_MODULES = Math.floor((Math.min(QR_POINTS.a4, QR_POINTS.thermal) * MM_PER_POINT) / MIN_MODULE_MM);

/** Error correction M (15 %): a smaller code than Q or H for the IRP's ~1,000-character signed string. */
const QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;

/**
 * Why a signed string cannot be printed as a QR code at the size every layout prints it, or null when it can.
 * The one check of both the IRP upload and the PDF, so a stored QR always prints.
 */
export function qrUnprintable(text: string): string | null {
  let modules: number;
  try {
    modules = QRCode.create(text, QR_OPTIONS).modules.size;
  } catch {
    return `it is too long for any QR code (${text.length} characters)`;
  }
  if (modules > QR_MAX_MODULES) {
    const mm = Math.round(QR_POINTS.a4 * MM_PER_POINT);
    return `it is too long to print as a readable QR code (${text.length} characters need ${modules} modules across; a ${mm} mm code reads at most ${QR_MAX_MODULES})`;
  }
  return null;
}

/**
 * The e-invoice QR as a PNG of one pixel per module, no quiet zone: the page's white space around it is the
 * quiet zone, and PDF viewers and printers scale it up without smoothing (images are not interpolated by
 * default in PDF). Null when the string cannot be printed as a QR code (qrUnprintable): the page then prints the
 * IRN and acknowledgement without it.
 */
export async function qrPng(text: string): Promise<Buffer | null> {
  if (qrUnprintable(text)) return null;
  try {
    return await QRCode.toBuffer(text, { type: 'png', ...QR_OPTIONS, margin: 0, scale: 1 });
  } catch {
    return null;
  }
}

/** A QR code for a screen: a PNG data URL with its quiet zone (4 modules), 6 pixels a module. */
export async function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { ...QR_OPTIONS, margin: 4, scale: 6 });
}
