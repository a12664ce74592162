import { randomInt } from 'node:crypto';

/** A refusal of the sandbox, in Pagar.me's status and body: its routes answer it, its adapter maps it. */
export class SandboxGatewayError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; errors?: Record<string, string[]> },
  ) {
    super(body.message);
    this.name = 'SandboxGatewayError';
  }
}

export const invalidRequestMessage = 'The request is invalid.';

export function failInvalidRequest(errors: Record<string, string[]>): never {
  throw new SandboxGatewayError(422, { message: invalidRequestMessage, errors });
}

export function failUnauthorized(): never {
  throw new SandboxGatewayError(401, { message: 'Authorization has been denied for this request.' });
}

export function failNotFound(what: 'Customer' | 'Card' | 'Order' | 'Charge'): never {
  throw new SandboxGatewayError(404, { message: `${what} not found.` });
}

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id as Pagar.me's look: a prefix naming the kind (`ch_`, `card_`…) and random letters and digits. */
export function createGatewayId(prefix: string, length = 16): string {
  let id = `${prefix}_`;
  for (let index = 0; index < length; index += 1) id += idAlphabet[randomInt(idAlphabet.length)];
  return id;
}
