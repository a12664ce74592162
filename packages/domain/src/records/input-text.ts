/**
 * Text a person sends never holds the NUL character (U+0000): no form can type it, and PostgreSQL
 * refuses it in any text column, which would fail the whole query. Wherever input enters (a body,
 * the query, the address, a form's field or file name), a NUL is refused with this message.
 */
export const nulCharacterMessage = 'O texto contém um caractere inválido (NUL).';

export function containsNulCharacter(text: string): boolean {
  return text.includes('\u0000');
}

/** How deep a body may nest: Prumo's calls need a few levels; thousands would exhaust the stack. */
export const maximumInputDepth = 32;

/** True when a parsed JSON value, a query or address parameters nest deeper than `maximumInputDepth`. */
export function isNestedTooDeeply(value: unknown): boolean {
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  while (stack.length > 0) {
    const { item, depth } = stack.pop() as { item: unknown; depth: number };
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= maximumInputDepth) return true;
    for (const child of Object.values(item)) stack.push({ item: child, depth: depth + 1 });
  }
  return false;
}

/**
 * The path (keys joined by dots, as validation errors name fields) of the first string or key that
 * holds a NUL in a parsed JSON value, a query or address parameters; null when there is none.
 * A key holding a NUL is named without it. Walked without recursion, so no nesting exhausts the stack.
 */
export function findNulCharacterPath(value: unknown): string | null {
  // Each step keeps its parent instead of a copy of the whole path, so depth costs no more than breadth.
  interface Step {
    item: unknown;
    key: string | null;
    parent: Step | null;
  }
  const nameOf = (step: Step | null, lastKey?: string): string => {
    const keys = lastKey === undefined ? [] : [lastKey];
    for (let at = step; at !== null && at.key !== null; at = at.parent) keys.unshift(at.key);
    return keys.join('.');
  };
  const stack: Step[] = [{ item: value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const { item } = step;
    if (typeof item === 'string') {
      if (containsNulCharacter(item)) return nameOf(step);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const entries = Object.entries(item);
    for (const [key] of entries) {
      if (containsNulCharacter(key)) return nameOf(step, key.replaceAll('\u0000', ''));
    }
    // Pushed last first, so the first entry is looked at first.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] as [string, unknown];
      stack.push({ item: child, key, parent: step });
    }
  }
  return null;
}
