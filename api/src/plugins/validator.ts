import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { badRequest, type HttpError } from '../errors';
import { label } from './errors';

interface Node {
  value: unknown;
  key?: string | number;
  parent?: Node;
}

/**
 * Where a string (or an object's key) holds U+0000, as a path of keys and indexes; undefined when none does. Walked
 * with a stack of its own, so JSON nested as deep as the body limit allows costs no recursion.
 */
function nullBytePath(root: unknown): (string | number)[] | undefined {
  const stack: Node[] = [{ value: root }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    let found: Node | undefined;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found = node;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: node });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.some(([key]) => key.includes('\u0000'))) found = node;
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: node });
    }
    if (found) {
      const path: (string | number)[] = [];
      for (let at: Node | undefined = found; at?.key !== undefined; at = at.parent) path.push(at.key);
      return path.reverse();
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
