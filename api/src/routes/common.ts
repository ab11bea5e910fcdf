import { ErrorResponse } from '@bahi/shared/contracts';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The error answers a route may give, for the OpenAPI description. */
export function errorResponses(...codes: number[]) {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as Record<number, typeof ErrorResponse>;
}

/** The cookie the API authenticates with, as named in the OpenAPI description. */
export const SESSION_SECURITY = [{ session: [] }];

/**
 * The parts of a multipart/form-data body, for the OpenAPI description (and the fuzz test, which sends hostile
 * parts to every route that declares one). It validates nothing: the handler reads and checks the parts as they
 * stream, and answers 415 to a body that is not multipart.
 */
export function multipartParts(parts: Record<string, 'text' | 'file' | 'files'>) {
  const binary = { type: 'string', format: 'binary' };
  const properties = Object.fromEntries(
    Object.entries(parts).map(([name, kind]) => [name, kind === 'text' ? { type: 'string' } : kind === 'file' ? binary : { type: 'array', items: binary }]),
  );
  return z.unknown().meta({ type: 'object', properties });
}
