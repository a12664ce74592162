/**
 * What the card gateway says in English, told to the client in pt-BR. Used by the API (a charge's
 * failure) and by the web app (an error body from tokenizing a card).
 */
export const gatewayErrorMessages = {
  invalidCardNumber: 'Não é um número de cartão válido',
  cardExpired: 'Cartão expirado.',
  declined: 'Pagamento recusado pelo banco emissor do cartão. Verifique os dados ou use outro cartão.',
  unknown: 'Erro desconhecido ao processar o pagamento. Verifique seus dados e tente novamente.',
} as const;

export type GatewayErrorMessage = (typeof gatewayErrorMessages)[keyof typeof gatewayErrorMessages];

/** Checked in this order on each message; the first message the rules recognise gives the answer. */
const rules: { pattern: RegExp; message: GatewayErrorMessage }[] = [
  {
    pattern: /not a valid card number|invalid card number|card number is invalid/i,
    message: gatewayErrorMessages.invalidCardNumber,
  },
  { pattern: /card expired|expired card|cart[aã]o (expirado|vencido)/i, message: gatewayErrorMessages.cardExpired },
  {
    // "Unauthorized" alone is a wrong API key, not the issuer's refusal: it is not matched.
    pattern: /declin|refused|not[ _]authori[sz]ed|insufficient funds|do not honou?r|recusad|n[aã]o autorizad/i,
    message: gatewayErrorMessages.declined,
  },
];

/** Deeper than this nothing in an error body is a message worth reading. */
const maximumDepth = 4;

function pushText(messages: string[], value: unknown): void {
  if (typeof value === 'string' && value.trim()) messages.push(value);
}

/**
 * The texts of a failure, most specific first: the fields' errors (`{"errors": {"card.number":
 * ["…"]}}` or a list of `{message}`), then a charge's last transaction (its gateway errors,
 * acquirer message and status, as "not_authorized"), then the body's own `message`.
 */
function collectMessages(failure: unknown, messages: string[], depth: number): void {
  if (depth > maximumDepth || failure === null || failure === undefined) return;
  if (typeof failure === 'string') {
    pushText(messages, failure);
    return;
  }
  if (Array.isArray(failure)) {
    for (const item of failure) collectMessages(item, messages, depth + 1);
    return;
  }
  if (typeof failure !== 'object') return;
  const body = failure as Record<string, unknown>;
  const errors = body.errors;
  if (Array.isArray(errors)) collectMessages(errors, messages, depth + 1);
  else if (errors && typeof errors === 'object') {
    for (const fieldMessages of Object.values(errors)) collectMessages(fieldMessages, messages, depth + 1);
  }
  collectMessages(body.last_transaction, messages, depth + 1);
  collectMessages(body.gateway_response, messages, depth + 1);
  pushText(messages, body.acquirer_message);
  pushText(messages, body.status);
  pushText(messages, body.message);
}

/**
 * The pt-BR message for a gateway failure: an error body (`{"message": "The request is invalid.",
 * "errors": {...}}`), a charge or transaction, a message, or a list of them. Anything the rules do
 * not recognise (or no failure at all) is the unknown error; the gateway's text is never shown.
 */
export function translateGatewayError(failure: unknown): GatewayErrorMessage {
  const messages: string[] = [];
  collectMessages(failure, messages, 0);
  for (const message of messages) {
    const rule = rules.find(({ pattern }) => pattern.test(message));
    if (rule) return rule.message;
  }
  return gatewayErrorMessages.unknown;
}
