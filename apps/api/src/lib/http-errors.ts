/** An error the client should see as it is: a status and a Django-REST-style body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

export function failWithDetail(statusCode: number, detail: string): never {
  throw new HttpError(statusCode, { detail });
}

export function failOnField(field: string, message: string): never {
  throw new HttpError(400, { [field]: [message] });
}

export const permissionDenied = 'Sem permissão';
