import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, statusByErrorKind } from '../lib/domain-errors';

const unexpectedError = 'Erro inesperado, entre em contato com o suporte.';
const malformedMultipart = 'Envio de arquivos inválido.';

/** Fastify's own 4xx codes, told in pt-BR. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON inválido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corpo da requisição vazio.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Arquivo ou requisição grande demais.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado.',
  FST_REQ_FILE_TOO_LARGE: 'Arquivo grande demais.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Envie os arquivos como multipart/form-data.',
  FST_FILES_LIMIT: 'Arquivos demais numa só requisição.',
  FST_PARTS_LIMIT: 'Campos demais numa só requisição.',
  FST_MP_PREMATURE_CLOSE: malformedMultipart,
};

/**
 * What busboy (under @fastify/multipart) throws for a body it cannot parse: no boundary, a boundary
 * too long, a body cut short. These come with neither code nor status, so only their words tell them
 * apart from a real fault.
 */
const malformedMultipartPatterns = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot/,
  /unexpected end of multipart data$/i,
];

function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  return (
    error.statusCode === undefined &&
    request.isMultipart() &&
    malformedMultipartPatterns.some((pattern) => pattern.test(error.message))
  );
}

/**
 * One place turns errors into Django-REST-style bodies: validation as {"field": ["…"]},
 * the rest as {"detail": "…"}; a 5xx never shows its cause.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return reply.status(statusByErrorKind[error.kind]).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
        const messages = fields[field] ?? [];
        const message = issue.message ?? 'Valor inválido';
        if (!messages.includes(message)) messages.push(message);
        fields[field] = messages;
      }
      return reply.status(400).send(fields);
    }
    if (isMalformedMultipart(error, request)) return reply.status(400).send({ detail: malformedMultipart });
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ detail: frameworkMessages[error.code] ?? 'Requisição inválida.' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ detail: unexpectedError });
  });
}
