import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, isDatabaseUnavailable, pgError } from '../errors';
import type { SecurityHeaders } from './headers';

const SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/** Messages for the errors Fastify itself raises before a route runs. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Malformed URL',
  FST_ERR_MAX_PARAM_LENGTH: 'The URL is too long.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here. Send JSON or multipart/form-data.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/** 'address.stateCode' -> 'State code': a schema without its own "required" message still names the field. */
export function label(field: string): string {
  const words = (field.split('.').at(-1) ?? field).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The request field a database constraint guards. Services check these first and answer in their own words; this
 * names the field should a request still reach the constraint (a race, a rule a service does not repeat).
 */
const CONSTRAINT_FIELDS: Record<string, string> = {
  items_business_code_key: 'itemCode',
  items_category_fk: 'itemCatagory',
  items_gst_rate_id_tax_rates_id_fk: 'gstRate',
  items_unit_id_units_id_fk: 'unit',
  items_opening_stock_check: 'openingStock',
  items_alert_quantity_check: 'productAlertValue',
  items_prices_check: 'salePrice',
  item_serial_numbers_item_serial_key: 'itemSerialNos',
  item_categories_business_name_key: 'catagory',
  item_stock_quantity_check: 'quantity',
  item_stock_branch_fk: 'branchId',
  stock_movements_branch_fk: 'branchId',
  parties_business_name_key: 'name',
  parties_category_fk: 'partyCatagory',
  parties_credit_period_check: 'creditPeriod',
  party_categories_business_name_key: 'catagory',
  store_branches_business_name_key: 'name',
};

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export const BUSY_MESSAGE = 'The server was busy; please try again';

export const UNAVAILABLE_MESSAGE = 'The database is unavailable for a moment. Please try again in a few seconds.';

/**
 * A database error a request can still cause (a value the column cannot hold, a broken key) as a 4xx naming the
 * field where one is known; a deadlock or serialization failure (two requests crossing, neither at fault) as 503
 * with Retry-After, since the same request succeeds when sent again; undefined for anything else, which stays a 500.
 */
export function databaseError(e: unknown): HttpError | undefined {
  // Down, restarting or failing over: nothing was written, and the same request succeeds once it is back.
  if (isDatabaseUnavailable(e)) return new HttpError(503, UNAVAILABLE_MESSAGE, undefined, { 'retry-after': '2' });
  const pg = pgError(e);
  if (!pg) return undefined;
  const { code, constraint, column, detail } = pg;
  const field = (constraint && CONSTRAINT_FIELDS[constraint]) || (column ? camel(column) : undefined);
  const name = field ? label(field) : undefined;
  switch (code) {
    case '40001':
    case '40P01':
      return new HttpError(503, BUSY_MESSAGE, undefined, { 'retry-after': '1' });
    case '22003':
      return new HttpError(400, name ? `${name} is out of range` : 'A number in the request is out of range.', field);
    case '22007':
    case '22008':
      return new HttpError(400, name ? `${name} is not a real date` : 'A date in the request is not a real date.', field);
    case '22001':
      return new HttpError(400, name ? `${name} is too long` : 'A text in the request is too long.', field);
    case '22P02':
      return new HttpError(400, name ? `${name} is not valid` : 'A value in the request is not in the right form.', field);
    case '22021':
    case '22P05':
      return new HttpError(400, 'The request contains characters that cannot be stored (such as a null byte).', field);
    case '23505':
      return new HttpError(409, name ? `${name} is already used` : 'This is already saved.', field);
    case '23503':
      // Deleting a row others still name, or naming a row that does not exist (or is another business's).
      return detail?.includes('still referenced')
        ? new HttpError(409, 'It is still in use, so it cannot be removed.', field)
        : new HttpError(400, name ? `Choose a ${name.toLowerCase()} from the list` : 'The request names something that does not exist.', field);
    case '23514':
    case '23502':
      return new HttpError(400, name ? `${name} is not allowed` : 'A value in the request is not allowed.', field);
    default:
      return code.startsWith('22') ? new HttpError(400, 'A value in the request cannot be stored.', field) : undefined;
  }
}

/**
 * Every error becomes `{ success: false, message, field? }`: validation errors name the first wrong field; errors
 * a user can cause keep their 4xx status; anything else is logged and answered with a plain 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
      // A field the body does not define is refused by name, never accepted and ignored.
      const unknownKey = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: string[] }).keys?.[0] : undefined;
      if (unknownKey !== undefined) {
        return reply.code(400).send({ success: false, message: `Unknown field ${unknownKey}`, field: [...path, unknownKey].join('.') });
      }
      const field = path.join('.');
      const text = issue.message ?? 'Invalid input';
      const missing = issue.keyword === 'invalid_type' && / received undefined$/.test(text);
      const message =
        field === '' && issue.keyword === 'invalid_type' && error.validationContext === 'body'
          ? 'The request body must be a JSON object.'
          : missing && field
            ? `${label(field)} is required`
            : text;
      return reply.code(400).send({ success: false, message, ...(field ? { field } : {}) });
    }
    const known = error instanceof HttpError ? error : databaseError(error);
    if (known) {
      if (known !== error) request.log.warn({ err: error }, known.statusCode === 503 ? 'database busy or unavailable' : 'database refused the request');
      return reply
        .code(known.statusCode)
        .headers(known.headers)
        .send({ success: false, message: known.message, ...(known.field ? { field: known.field } : {}), ...(known.errors ? { errors: known.errors } : {}) });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (error as FastifyError).code;
      // A JSON syntax error carries no code, only its 400 status.
      const message = (code && FRAMEWORK_MESSAGES[code]) || (error instanceof SyntaxError ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : error.message);
      return reply.code(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ success: false, message: SERVER_ERROR });
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses (a path that is not valid percent-encoding, a parameter over
 * its length) is answered before any hook runs, so here, as the app's JSON with the security headers. The path is
 * not echoed back.
 */
export function answerFrameworkError(securityHeaders: () => SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    securityHeaders()(request, reply);
    const message = FRAMEWORK_MESSAGES[error.code];
    if (!message) request.log.error({ err: error }, 'request failed');
    reply.code(message ? (error.statusCode ?? 400) : 500).send({ success: false, message: message ?? SERVER_ERROR });
  };
}
