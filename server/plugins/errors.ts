import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../http-error';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** `{ email: 'Email is required' }`, first message per field; the message joins them into sentences. */
export function validationErrors(issues: ValidationIssue[], context = 'body') {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || context;
    errors[field] ??= issue.message ?? 'Invalid value';
  }
  const message = Object.values(errors)
    .map((text) => (/[.!?]$/.test(text) ? text : `${text}.`))
    .join(' ');
  return { message, errors };
}

// Fastify's own client errors, reworded as sentences a person can act on.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the request body.',
};

/**
 * The one error handler. 4xx answers `{ message }` (+ `errors` per field for validation);
 * 5xx is logged with its details and answers only `{ message: 'Internal Server Error' }`.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if ('validation' in error && Array.isArray(error.validation)) {
      return reply.code(400).send(validationErrors(error.validation, error.validationContext));
    }

    // PostgreSQL refuses text holding a NUL character (22021) or one it cannot store (22P05): the input's fault.
    const code = (error as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') {
      return reply.code(400).send({ message: 'The request contains a character that cannot be stored (such as a NUL character).' });
    }

    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal Server Error' });
    }

    if (error instanceof HttpError) {
      return reply.code(status).send({ message: error.message, ...(error.errors && { errors: error.errors }), ...error.details });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = request.headers['content-type']?.split(';', 1)[0]?.trim();
      return reply.code(415).send({
        message: type ? `The content type '${type}' is not supported here.` : 'The request has a body but no content type.',
      });
    }
    const message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message || 'Bad Request';
    return reply.code(status).send({ message });
  });
}
