import { ErrorResponse } from '@bahi/shared/contracts';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

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
