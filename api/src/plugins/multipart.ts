import fastifyMultipart from '@fastify/multipart';
import { IMPORT_MAX_BYTES } from '@bahi/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route reads a multipart/form-data body (request.file(), request.parts()); every other route refuses one. */
    multipart?: boolean;
  }
}

/**
 * Upload limits of every multipart route; a route may narrow them per call (`request.file({ limits })`). A file
 * over `fileSize` makes `toBuffer()` throw FST_REQ_FILE_TOO_LARGE (413).
 */
export const MULTIPART_LIMITS = {
  fileSize: IMPORT_MAX_BYTES,
  files: 10,
  fields: 100,
  fieldSize: 100 * 1024,
  parts: 120,
  headerPairs: 200,
};

export const MULTIPART_REFUSED = 'This endpoint takes a JSON body, not multipart/form-data.';

/**
 * @fastify/multipart once for the whole API. Routes opt in with `config: { multipart: true }`; a multipart body
 * sent anywhere else is refused with 415 before validation, as it was before the parser existed.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config?.multipart) throw new HttpError(415, MULTIPART_REFUSED);
  });
}
