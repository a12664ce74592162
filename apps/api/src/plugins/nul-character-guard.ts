import type { Multipart } from '@fastify/multipart';
import {
  containsNulCharacter,
  findInvalidTextPath,
  isNestedTooDeeply,
  nulCharacterMessage,
} from '@prumo/domain/records/input-text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failInvalid, failOnField } from '../lib/domain-errors';

function failOnNul(field: string): never {
  failOnField(field || 'non_field_errors', nulCharacterMessage);
}

/** A form's part is refused when its field name, file name or value holds a NUL. */
function checkPart(part: Multipart): void {
  // A part whose header names no field has no fieldname at all.
  const fieldName = part.fieldname ?? '';
  const field = fieldName.replaceAll('\u0000', '');
  if (containsNulCharacter(fieldName)) failOnNul(field);
  if (part.type === 'file' && containsNulCharacter(part.filename)) failOnNul(field);
  if (part.type === 'field' && typeof part.value === 'string' && containsNulCharacter(part.value)) failOnNul(field);
}

async function* checkParts<T extends Multipart>(parts: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  for await (const part of parts) {
    checkPart(part);
    yield part;
  }
}

/** Uploads read their parts themselves, after validation: each part is checked as it is read. */
function guardMultipart(request: FastifyRequest): void {
  const readParts = request.parts;
  const readFiles = request.files;
  const readFile = request.file;
  request.parts = (options) => checkParts(readParts.call(request, options));
  request.files = (options) => checkParts(readFiles.call(request, options));
  request.file = async (options) => {
    const part = await readFile.call(request, options);
    if (part) checkPart(part);
    return part;
  };
}

/**
 * One check, before any route's own validation, for every way input enters: the address's
 * parameters, the query, a JSON body (values and keys) and the parts of a form. A NUL, or half of
 * a surrogate pair, answers 400 with the field it was found in; a body nested deeper than any call
 * needs answers 400 too. Headers need no check: Node's HTTP parser refuses a NUL in them.
 */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.params, request.query, request.body]) {
      if (isNestedTooDeeply(input)) failInvalid('Requisição inválida.');
      const invalid = findInvalidTextPath(input);
      if (invalid !== null) failOnField(invalid.path || 'non_field_errors', invalid.message);
    }
    if (request.isMultipart()) guardMultipart(request);
  });
}
