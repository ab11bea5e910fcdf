import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';

const SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/** Messages for the errors Fastify itself raises before a route runs. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here. Send JSON or multipart/form-data.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/** 'address.stateCode' -> 'State code': a schema without its own "required" message still names the field. */
function label(field: string): string {
  const words = (field.split('.').at(-1) ?? field).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Every error becomes `{ success: false, message, field? }`: validation errors name the first wrong field; errors
 * a user can cause keep their 4xx status; anything else is logged and answered with a plain 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
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
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ success: false, message: error.message, ...(error.field ? { field: error.field } : {}) });
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
