import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it: text fields, then files. */
export function multipartBody(fields: Array<[string, string]>, files: FilePart[] = []) {
  const boundary = `----bahi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Flattens an object the way the item dialog sends it: lists as name[0], name[1], ...; null/undefined left out. */
export function formFields(values: Record<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v, i) => out.push([`${key}[${i}]`, String(v)]));
    else out.push([key, String(value)]);
  }
  return out;
}

/** A multipart write with the CSRF header and the session cookie. */
export function sendMultipart(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  cookie: string | undefined,
  fields: Record<string, unknown>,
  files: FilePart[] = [],
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(formFields(fields), files);
  return app.inject({
    method,
    url,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** The smallest valid PNG (1x1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** JPEG magic (SOI + APP0 JFIF header) followed by padding: enough for a type check by bytes. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
export const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

export const png = (filename = 'photo.png'): FilePart => ({ field: 'itemImages', filename, contentType: 'image/png', bytes: PNG });
export const jpeg = (filename = 'photo.jpg'): FilePart => ({ field: 'itemImages', filename, contentType: 'image/jpeg', bytes: JPEG });
