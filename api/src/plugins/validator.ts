import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { badRequest, type HttpError } from '../errors';
import { label } from './errors';

/** Where a string (or an object's key) holds U+0000, as a path of keys and indexes; undefined when none does. */
function nullBytePath(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nullBytePath(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      const found = nullBytePath(inner, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Fields whose name is no word a person would read. */
const NAMES: Record<string, string> = { q: 'Search' };

/**
 * A request's text holding a null byte, as a 400 naming the field: PostgreSQL cannot store U+0000 in text, and no
 * field of the product needs it. Undefined when there is none.
 */
export function nullByteError(value: unknown): HttpError | undefined {
  const path = nullBytePath(value);
  if (!path) return undefined;
  const field = path.join('.');
  const last = path.filter((p) => typeof p === 'string').at(-1);
  const name = last === undefined ? 'The request' : (NAMES[last] ?? label(last));
  return badRequest(`${name} contains a character that cannot be stored (a null byte).`, field || undefined);
}

/**
 * The zod validator of every route's body, query, params and headers, after refusing a null byte anywhere in them:
 * one rule for every text field of every contract, named by its path.
 */
export const refusingNullBytes: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data) => {
    const error = nullByteError(data);
    return error ? { error } : validate(data);
  };
};
