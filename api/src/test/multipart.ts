import { itemFormData, type ItemSavePayload } from '@bahi/shared/forms';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A FormData as the browser's fetch sends it: Node's own encoder (undici), bytes and boundary. */
export async function encodeForm(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request('http://bahi.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** Text fields, then files, as a browser's FormData sends them (encoded by `encodeForm`, the browser's encoder). */
export function multipartBody(fields: Array<[string, string]>, files: FilePart[] = []): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const f of files) form.append(f.field, new File([f.bytes], f.filename, { type: f.contentType }), f.filename);
  return encodeForm(form);
}

/**
 * The item dialog's multipart body, built by the client's own `itemFormData`: text fields (tests may pass the text
 * a form sends, 'true' or '12.50'), lists as name[0], name[1], ..., images as repeated `itemImages` files.
 */
export function itemForm(fields: Record<string, unknown>, files: FilePart[] = []): FormData {
  const toFile = (f: FilePart) => new File([f.bytes], f.filename, { type: f.contentType });
  // Tests also send what no dialog would (missing or wrong fields): the encoding is the point here, not the type.
  const payload = { ...fields, itemImages: files.filter((f) => f.field === 'itemImages').map(toFile) } as unknown as ItemSavePayload;
  const form = itemFormData(payload);
  for (const f of files.filter((x) => x.field !== 'itemImages')) form.append(f.field, toFile(f), f.filename);
  return form;
}

/** A multipart write with the CSRF header and the session cookie. */
export async function sendForm(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  cookie: string | undefined,
  form: FormData,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await encodeForm(form);
  return app.inject({
    method,
    url,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** An item save as the dialog sends it. */
export function sendMultipart(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  cookie: string | undefined,
  fields: Record<string, unknown>,
  files: FilePart[] = [],
): Promise<LightMyRequestResponse> {
  return sendForm(app, method, url, cookie, itemForm(fields, files));
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
