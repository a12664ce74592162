/**
 * Card data out of anything kept or logged (payment errors the web reports, for one). What is
 * removed: card numbers (any run of 13 or more digits, also split by spaces, dashes, dots or
 * underscores, or written into an address), and the values of fields that hold card data or
 * credentials — CVV, security code, number, expiry, holder name, tokens, passwords — whether the
 * data is an object, JSON inside a string, "cvv=123" inside a text, or the same percent-encoded.
 * The web runs it before sending and the API again before storing.
 */

export const removedCardData = '[removido]';
const tooDeep = '[omitido]';
/** Deeper than this the value is dropped whole: a payment error is never that deep. */
const maximumDepth = 24;

/**
 * A run of 13 or more digits: a card number (valid or mistyped). Between any two digits may stand up
 * to three separators — spaces of any kind (tabs, no-break), dashes, dots, underscores, and as an
 * address writes them, "+" or %20, %2B, %2D — so "4000 - 0000 - 0000 - 0010" and
 * "4000+0000+0000+0010" are runs too.
 */
const cardNumberRun = /\d(?:(?:[\s._+-]|%20|%2[BbDd]){0,3}\d){12,}/g;

/**
 * Field names whose values are card data or credentials, compared in lower case without
 * separators ("security_code", "card.number" and "cardNumber" are all caught).
 */
const sensitiveNames = new Set([
  'number',
  'pan',
  'exp',
  'expiry',
  'expirydate',
  'expmonth',
  'expyear',
  'expiration',
  'expirationdate',
  'expirationmonth',
  'expirationyear',
  'validade',
  'holdername',
  'cardholdername',
  'csc',
  'key',
  'apikey',
]);
const sensitiveNameParts =
  /cvv|cvc|securitycode|codigoseguranca|codseguranca|cardnumber|numerocartao|password|senha|token|secret|authorization|cookie/;

function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Whether a field (or query parameter) of this name holds card data or a credential. */
export function isCardDataName(name: string): boolean {
  const normalized = normalizeName(name);
  return sensitiveNames.has(normalized) || sensitiveNameParts.test(normalized);
}

/**
 * "cvv=123", "cvv: 123", "card[cvv]=123", '"cvv":"123"', the same escaped inside JSON text, and
 * "CVV 123" (a name, a space and digits): the value goes, the name stays. A quoted value goes up to
 * its closing quote (a holder's full name); a bare one is one word, or groups of digits (a card
 * number typed with spaces).
 */
const namedValueInText =
  /\b(cvv2?|cvc2?|csc|security[_ -]?code|c[oó]digo[_ -]de[_ -]seguran[cç]a|card[_ -]?number|number|exp(?:iry|iration)?(?:[_ -]?(?:month|year|date))?|holder[_ -]?name|password|senha|token|card_token|api[_ -]?key|secret)((?:\\?["']|\])?\s*[:=]\s*|\s+(?=\d))(?:(\\?["'])[^"'\\]*|[^"'\\&,;}\]\s]+(?: \d+)*)/gi;

/** A percent-encoded byte: the text may be (part of) an address or a form body. */
const percentEncoded = /%[0-9A-Fa-f]{2}/;

function redactPlainText(text: string): string {
  // Named values first: the card number rule would otherwise leave half a value behind.
  return text
    .replace(namedValueInText, (_match, name: string, separator: string, quote: string | undefined) =>
      quote === undefined ? `${name}${separator}${removedCardData}` : `${name}${separator}${quote}${removedCardData}`,
    )
    .replace(cardNumberRun, removedCardData);
}

function decodeFormText(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * The text rules, also on the text as an address decodes it ("card%5Bcvv%5D=123" is
 * "card[cvv]=123"): when the decoded text held card data, the cleaned decoded text is kept.
 */
function redactText(text: string): string {
  const decoded = percentEncoded.test(text) ? decodeFormText(text) : null;
  if (decoded !== null && decoded !== text) {
    const cleanDecoded = redactPlainText(decoded);
    if (cleanDecoded !== decoded) return cleanDecoded;
  }
  return redactPlainText(text);
}

function looksLikeJson(text: string): boolean {
  const start = text.trimStart()[0];
  return start === '{' || start === '[';
}

function redactString(text: string, depth: number): string {
  if (looksLikeJson(text)) {
    try {
      return JSON.stringify(redactValue(JSON.parse(text), depth + 1));
    } catch {
      // Not JSON after all (or cut short): the text rules below still apply.
    }
  }
  return redactText(text);
}

/** A whole number with 13 or more digits is a card number, whatever else it might have been. */
function isCardLikeNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.trunc(value)) >= 1e12;
}

/**
 * The gateway's `errors` object names fields ("card.number") and lists messages about them:
 * the messages stay (run through the text rules), but what is no message is a value — a text
 * without a letter, a number ({"card.cvv": [123]}), or an object in place of a card field's messages.
 */
function redactFieldMessages(errors: Record<string, unknown>, depth: number): Record<string, unknown> {
  const keepMessage = (message: unknown): unknown => {
    if (typeof message === 'string') return /\p{L}/u.test(message) ? redactString(message, depth) : removedCardData;
    if (typeof message === 'number' || typeof message === 'bigint') return removedCardData;
    if (Array.isArray(message)) return message.map(keepMessage);
    return redactValue(message, depth + 1);
  };
  const isValueInPlace = (field: string, messages: unknown) =>
    isCardDataName(field) && typeof messages === 'object' && messages !== null && !Array.isArray(messages);
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      redactText(field),
      isValueInPlace(field, messages) ? removedCardData : keepMessage(messages),
    ]),
  );
}

function redactValue(value: unknown, depth: number): unknown {
  if (depth > maximumDepth) return tooDeep;
  if (typeof value === 'string') return redactString(value, depth);
  if (typeof value === 'number') return isCardLikeNumber(value) ? removedCardData : value;
  if (typeof value === 'bigint') return removedCardData;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  // Object.fromEntries keeps a "__proto__" key as a plain key: no prototype is ever set from input.
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([name, item]) => {
      const safeName = redactText(name);
      if (isCardDataName(name)) return [safeName, item === null || item === undefined ? item : removedCardData];
      if (normalizeName(name) === 'errors' && item !== null && typeof item === 'object' && !Array.isArray(item)) {
        return [safeName, redactFieldMessages(item as Record<string, unknown>, depth + 1)];
      }
      return [safeName, redactValue(item, depth + 1)];
    }),
  );
}

/** A copy of `value` (anything JSON can hold) without card data; the input is left as it was. */
export function removeCardData(value: unknown): unknown {
  return redactValue(value, 0);
}

/** Whether a text still shows a card number: for checks and tests. */
export function containsCardNumber(text: string): boolean {
  return new RegExp(cardNumberRun.source).test(text);
}
