import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DISK_FULL_MESSAGE, isDiskFull } from './disk-guard.ts';
import { HttpError } from './errors.ts';
import { problemField, validationMessage } from './validation-message.ts';

/** Every API error is JSON { error }: validation 400s say what was wrong, in plain words; 500s never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send({
        error: validationMessage(err.validation),
        field: err.validationContext === 'body' ? problemField(err.validation) : undefined,
      });
    }
    if (err instanceof HttpError) {
      // A league service that is busy or rate limiting says when to come back (503 + Retry-After).
      const retryAfterMs = (err as { retryAfterMs?: number }).retryAfterMs;
      if (retryAfterMs !== undefined && !reply.hasHeader('retry-after'))
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      return reply.status(err.statusCode).send({ error: err.message, field: err.field });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && err.message) return reply.status(429).send({ error: err.message });
      return reply.status(status).send({ error: clientMessage(err) });
    }
    if (isDiskFull(err)) {
      req.log.error({ err }, 'database disk full: the write was refused');
      return reply.status(507).send({ error: DISK_FULL_MESSAGE });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json.';
    default:
      return err.message || 'Bad request.';
  }
}
