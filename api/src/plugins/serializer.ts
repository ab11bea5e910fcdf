import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are written by fast-json-stringify, compiled once per route and status from the zod response schema
 * (its JSON Schema): a page of 50 items costs about a third of checking it with zod first (bench/README.md).
 * Tests keep the zod check, so an answer that drifts from its contract fails there.
 */
export const responseSerializer: FastifySerializerCompiler<z.ZodType> = (route) => {
  if (process.env.NODE_ENV === 'test') return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const schema = z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return fastJson(schema as Parameters<typeof fastJson>[0]);
};
