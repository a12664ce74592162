/**
 * Text a person sends never holds the NUL character (U+0000): no form can type it, and PostgreSQL
 * refuses it in any text column, which would fail the whole query. Wherever input enters (a body,
 * the query, the address, a form's field or file name), a NUL is refused with this message.
 */
export const nulCharacterMessage = 'O texto contém um caractere inválido (NUL).';

export function containsNulCharacter(text: string): boolean {
  return text.includes('\u0000');
}

/**
 * The path (keys joined by dots, as validation errors name fields) of the first string or key that
 * holds a NUL in a parsed JSON value, a query or address parameters; null when there is none.
 * A key holding a NUL is named without it.
 */
export function findNulCharacterPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return containsNulCharacter(value) ? path.join('.') : null;
  if (typeof value !== 'object' || value === null) return null;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (containsNulCharacter(key)) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = findNulCharacterPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
