import QRCode from 'qrcode';

/**
 * The e-invoice QR as a PNG of one pixel per module, no quiet zone: the page's white space around it is the
 * quiet zone, and PDF viewers and printers scale it up without smoothing (images are not interpolated by
 * default in PDF). Error correction M (15 %): a smaller code than Q or H for a ~700-character signed string.
 */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 0, scale: 1 });
}

