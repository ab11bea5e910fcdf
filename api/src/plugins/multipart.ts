import fastifyMultipart, { type Multipart, type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { IMPORT_MAX_BYTES } from '@bahi/shared/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route reads a multipart/form-data body (request.file(), request.parts()); every other route refuses one. */
    multipart?: boolean;
  }
}

/**
 * The most any multipart request may carry; a route may ask for less per call (`request.parts({ limits })`), never
 * more. The text fields of one request together are held to the JSON body limit (`BODY_LIMIT_BYTES`).
 */
export const MULTIPART_LIMITS = {
  fileSize: IMPORT_MAX_BYTES,
  files: 10,
  // The item form: 1,000 serial numbers and its other fields.
  fields: 1_200,
  fieldSize: 64 * 1024,
  headerPairs: 200,
};

export const MULTIPART_REFUSED = 'This endpoint takes a JSON body, not multipart/form-data.';

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-IN')} KB`;
export const MULTIPART_MESSAGES = {
  fieldTooLarge: (name: string, max: number) => `The form field ${name} is larger than ${kb(max)}.`,
  textTooLarge: (max: number) => `The form's text fields together are larger than ${kb(max)}.`,
  tooManyFiles: (max: number) => `The form has more than ${max} files.`,
  tooManyFields: (max: number) => `The form has more than ${max.toLocaleString('en-IN')} fields.`,
};

/** Same codes as @fastify/multipart's own limit errors, which routes already turn into their messages. */
class PartsLimitError extends Error {
  readonly statusCode = 413;
  constructor(
    readonly code: 'FST_FILES_LIMIT' | 'FST_FIELDS_LIMIT',
    message: string,
  ) {
    super(message);
  }
}

type PartsOptions = Parameters<FastifyRequest['parts']>[0];
type Caps = typeof MULTIPART_LIMITS & { textBytes: number };

/** busboy's own rule: a part with a file name, or sent as raw bytes, is a file. */
const isFile = (part: Multipart) => (part as MultipartFile).filename !== undefined || part.mimetype === 'application/octet-stream';

/**
 * The parts of a request within the caps. busboy hands every part over as a stream (`isPartAFile`), so a
 * text field is read here, byte by byte against its own and the request's limit, and nothing of a field is held
 * before the route asks for it: a request of a million fields is refused at the first byte over, not buffered.
 */
async function* boundedParts(original: FastifyRequest['parts'], options: PartsOptions, caps: Caps): AsyncGenerator<Multipart> {
  const asked = options?.limits ?? {};
  const min = (value: number | undefined, cap: number) => Math.min(value ?? cap, cap);
  const files = min(asked.files, caps.files);
  const fields = min(asked.fields, caps.fields);
  const fileSize = min(asked.fileSize, caps.fileSize);
  const fieldSize = Math.min(min(asked.fieldSize, caps.fieldSize), fileSize);
  // One more part than allowed reaches the loop, which refuses it with the right message.
  const parts = files + fields + 1;
  let fileCount = 0;
  let fieldCount = 0;
  let textBytes = 0;
  for await (const part of original({ ...options, isPartAFile: () => true, limits: { ...asked, fileSize, files: parts, parts } })) {
    if (isFile(part)) {
      if (++fileCount > files) throw new PartsLimitError('FST_FILES_LIMIT', MULTIPART_MESSAGES.tooManyFiles(files));
      yield part;
      continue;
    }
    if (++fieldCount > fields) throw new PartsLimitError('FST_FIELDS_LIMIT', MULTIPART_MESSAGES.tooManyFields(fields));
    const stream = (part as unknown as MultipartFile).file;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      textBytes += chunk.length;
      if (size > fieldSize) throw new HttpError(413, MULTIPART_MESSAGES.fieldTooLarge(part.fieldname, fieldSize));
      if (textBytes > caps.textBytes) throw new HttpError(413, MULTIPART_MESSAGES.textTooLarge(caps.textBytes));
      chunks.push(chunk);
    }
    // busboy stops a part at fileSize; a field cut there is one over its limit.
    if (stream.truncated) throw new HttpError(413, MULTIPART_MESSAGES.fieldTooLarge(part.fieldname, fieldSize));
    const field: MultipartValue<string> = {
      type: 'field',
      fieldname: part.fieldname,
      mimetype: part.mimetype,
      encoding: part.encoding,
      value: Buffer.concat(chunks).toString('utf8'),
      fieldnameTruncated: false,
      valueTruncated: false,
      fields: part.fields,
    };
    yield field;
  }
}

/** Routes read parts through the caps, whichever of @fastify/multipart's readers they use. */
function capRequest(request: FastifyRequest, reply: FastifyReply, caps: Caps) {
  const original = request.parts.bind(request);
  request.parts = async function* parts(options) {
    try {
      yield* boundedParts(original, options, caps);
    } catch (e) {
      // The rest of the body stays unread: close the connection after the answer rather than wait for it.
      reply.header('connection', 'close');
      throw e;
    }
  };
  request.file = async (options) => {
    for await (const part of request.parts(options as PartsOptions)) if (part.type === 'file') return part;
    return undefined;
  };
  request.files = async function* files(options) {
    for await (const part of request.parts(options as PartsOptions)) if (part.type === 'file') yield part;
  };
}

/**
 * @fastify/multipart once for the whole API. Routes opt in with `config: { multipart: true }`; a multipart body
 * sent anywhere else is refused with 415 before validation, as it was before the parser existed.
 */
export async function registerMultipart(app: FastifyInstance) {
  const caps: Caps = { ...MULTIPART_LIMITS, textBytes: app.initialConfig.bodyLimit ?? 1024 * 1024 };
  await app.register(fastifyMultipart, {
    limits: MULTIPART_LIMITS,
    throwFileSizeLimit: true,
  });
  app.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    if (!request.routeOptions.config?.multipart) throw new HttpError(415, MULTIPART_REFUSED);
    capRequest(request, reply, caps);
  });
}

/** What a single-file upload answers when it is not one file in its field. */
export interface OneFileMessages {
  /** The body is not multipart/form-data (415). */
  notMultipart: string;
  /** No file, or an empty one (400). */
  missing: string;
  /** More than one file (400). */
  oneOnly: string;
  /** Past the route's size (413). */
  tooLarge: string;
}

/**
 * The one file of an upload, whole, with the name it was sent with: it must come in `field`; a second file, a file
 * in another field (400) or a file over `maxBytes` (413) is refused, never skipped. A few short text fields may come
 * along and are ignored.
 */
export async function readOneFile(
  request: FastifyRequest,
  upload: { field: string; maxBytes: number; messages: OneFileMessages },
): Promise<{ bytes: Buffer; name: string }> {
  const { field, maxBytes, messages } = upload;
  if (!request.isMultipart()) throw new HttpError(415, messages.notMultipart, field);
  let found: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) throw new HttpError(400, `Unexpected file field ${part.fieldname}: ${messages.missing}`, part.fieldname);
      const bytes = await part.toBuffer();
      if (bytes.length > 0) found = { bytes, name: part.filename ?? '' };
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, messages.tooLarge, field);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, messages.oneOnly, field);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(413, 'The form has too many fields.');
    if (typeof (e as { statusCode?: unknown })?.statusCode === 'number') throw e;
    throw new HttpError(400, 'The form could not be read: it is incomplete or malformed. Please send it again.');
  }
  if (!found) throw new HttpError(400, messages.missing, field);
  return found;
}
