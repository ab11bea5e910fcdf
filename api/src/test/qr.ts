import zlib from 'node:zlib';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** RGBA pixels with a white border of `pad` pixels, each source pixel `scale` times as large (for a 1-pixel module). */
function framed(rgba: Uint8Array, width: number, height: number, scale: number, pad: number) {
  const w = (width + 2 * pad) * scale;
  const h = (height + 2 * pad) * scale;
  const out = new Uint8ClampedArray(w * h * 4).fill(255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const o = (((y + pad) * scale + dy) * w + (x + pad) * scale + dx) * 4;
          out[o] = rgba[i];
          out[o + 1] = rgba[i + 1];
          out[o + 2] = rgba[i + 2];
          out[o + 3] = 255;
        }
      }
    }
  }
  return { data: out, width: w, height: h };
}

/** The text of the QR code in a PNG (a data URL or its bytes), or null when none is found. */
export function decodeQrPng(png: Buffer | string): string | null {
  const bytes = typeof png === 'string' ? Buffer.from(png.replace(/^data:image\/png;base64,/, ''), 'base64') : png;
  const image = PNG.sync.read(bytes);
  // A code drawn one pixel a module (as the PDFs embed it) is scaled up and given its quiet zone first.
  const small = image.width < 200;
  const { data, width, height } = small ? framed(image.data, image.width, image.height, 4, 4) : { data: new Uint8ClampedArray(image.data), width: image.width, height: image.height };
  return jsQR(data, width, height)?.data ?? null;
}

/**
 * The text of every QR code among a PDF's images: each image XObject (pdfkit writes an RGB PNG as a deflated RGB
 * stream with its alpha as a soft mask) is inflated and read as pixels.
 */
export function pdfQrCodes(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const found: string[] = [];
  const objects = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>)*)>>\s*stream\r?\n/g;
  for (let m = objects.exec(text); m; m = objects.exec(text)) {
    const dict = m[1];
    if (!/\/Subtype\s*\/Image/.test(dict) || !/\/SMask/.test(dict)) continue;
    const width = Number(/\/Width\s+(\d+)/.exec(dict)?.[1]);
    const height = Number(/\/Height\s+(\d+)/.exec(dict)?.[1]);
    const colors = /\/DeviceGray/.test(dict) ? 1 : 3;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    let raw: Buffer;
    try {
      raw = zlib.inflateSync(pdf.subarray(start, end));
    } catch {
      continue;
    }
    if (raw.length < width * height * colors) continue;
    const rgba = new Uint8Array(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      for (let c = 0; c < 3; c++) rgba[p * 4 + c] = raw[p * colors + (colors === 1 ? 0 : c)];
      rgba[p * 4 + 3] = 255;
    }
    const { data, width: w, height: h } = framed(rgba, width, height, 4, 4);
    const code = jsQR(data, w, h)?.data;
    if (code) found.push(code);
  }
  return found;
}
