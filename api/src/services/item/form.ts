import { ITEM_MESSAGES, ItemFormFields, MAX_ITEM_IMAGE_BYTES, MAX_ITEM_IMAGES, MAX_SERIAL_NUMBERS } from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { nullByteError } from '../../plugins/validator';
import { HttpError, badRequest } from '../../errors';

/** Lists sent as `name[0]`, `name[1]`, ... (or `name[]`, or the name repeated). */
const LIST_FIELDS = new Set(['itemSerialNos', 'removedImages']);
const INDEXED = /^([A-Za-z]+)\[(\d*)\]$/;

export interface ItemUpload {
  /** The text fields, lists gathered in index order. */
  fields: Record<string, unknown>;
  /** The bytes of every `itemImages` file, in the order sent. */
  images: Buffer[];
}

/** The first problem of a zod result as the API's 400 (`{ message, field }`). */
export function firstIssue(error: z.ZodError): HttpError {
  const issue = error.issues[0];
  const field = issue.path.filter((p) => typeof p === 'string').join('.');
  return badRequest(issue.message, field || undefined);
}

/** Reads the multipart body of item/create and item/update-item/:id. */
export async function readItemForm(request: FastifyRequest): Promise<ItemUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the item as multipart/form-data.');
  const fields: Record<string, unknown> = {};
  const lists = new Map<string, Array<[number, string]>>();
  const images: Buffer[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_ITEM_IMAGE_BYTES,
        files: MAX_ITEM_IMAGES,
        fields: MAX_SERIAL_NUMBERS + 200,
        parts: MAX_SERIAL_NUMBERS + 200 + MAX_ITEM_IMAGES,
        fieldSize: 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'itemImages') throw badRequest(`Unexpected file field ${part.fieldname}`, part.fieldname);
        // A form with an empty file input sends an empty, nameless part: no image.
        if (bytes.length === 0 && !part.filename) continue;
        images.push(bytes);
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      const indexed = INDEXED.exec(part.fieldname);
      const name = indexed ? indexed[1] : part.fieldname;
      if (indexed || LIST_FIELDS.has(name)) {
        const list = lists.get(name) ?? [];
        const index = indexed && indexed[2] !== '' ? Number(indexed[2]) : list.length;
        list.push([index, value]);
        lists.set(name, list);
      } else {
        fields[name] = value;
      }
    }
  } catch (e) {
    throw uploadError(e);
  }
  for (const [name, entries] of lists) {
    fields[name] = entries.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  }
  return { fields, images };
}

function uploadError(e: unknown): unknown {
  if (e instanceof HttpError) return e;
  const code = (e as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, ITEM_MESSAGES.imageTooLarge, 'itemImages');
  if (code === 'FST_FILES_LIMIT') return badRequest(ITEM_MESSAGES.tooManyImages, 'itemImages');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new HttpError(413, 'The form has too many fields.');
  if (typeof (e as { statusCode?: unknown })?.statusCode === 'number') return e;
  // The multipart parser's own errors (a body cut short, a broken part header) carry no status.
  return new HttpError(400, 'The form could not be read: it is incomplete or malformed. Please send it again.');
}

/** The fields as typed values (the rules come after, with the image count known). */
export function parseItemFields(fields: Record<string, unknown>) {
  const nul = nullByteError(fields);
  if (nul) throw nul;
  const parsed = ItemFormFields.safeParse(fields);
  if (!parsed.success) throw firstIssue(parsed.error);
  return parsed.data;
}
