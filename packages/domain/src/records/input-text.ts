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
 * Half of a character written with two UTF-16 units (an emoji, a rare symbol) without its other
 * half: JSON can carry it ("\ud800"), but it is no character, and PostgreSQL refuses it in a JSON
 * column, which would fail the whole query. It is refused wherever input enters, as a NUL is.
 */
export const unpairedSurrogateMessage = 'O texto contém um caractere inválido (símbolo incompleto).';

// With the u flag a well-formed pair is one character: only a lone half is a surrogate here.
const unpairedSurrogate = /\p{Cs}/u;
const unpairedSurrogates = /\p{Cs}/gu;

/** The message refusing this text (a NUL, an unpaired surrogate), or null when all of it can be kept. */
export function findInvalidCharacterMessage(text: string): string | null {
  if (containsNulCharacter(text)) return nulCharacterMessage;
  return unpairedSurrogate.test(text) ? unpairedSurrogateMessage : null;
}

/** How deep a body may nest: Prumo's calls need a few levels; thousands would exhaust the stack. */
export const maximumInputDepth = 32;

/**
 * The children of a parsed value, in order: a list's items (by index) and an object's own values.
 * Object.entries is not used: on a list of a few hundred thousand items (a 1 MB body) it takes
 * seconds. Bytes (a raw body read as a Buffer) are not parsed input and have no children here:
 * the route that reads them checks what it parses from them.
 */
function readChildren(item: object): { keys: string[] | null; values: readonly unknown[] } {
  if (ArrayBuffer.isView(item)) return { keys: null, values: [] };
  if (Array.isArray(item)) return { keys: null, values: item };
  const keys = Object.keys(item);
  return { keys, values: keys.map((key) => (item as Record<string, unknown>)[key]) };
}

/** True when a parsed JSON value, a query or address parameters nest deeper than `maximumInputDepth`. */
export function isNestedTooDeeply(value: unknown): boolean {
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  while (stack.length > 0) {
    const { item, depth } = stack.pop() as { item: unknown; depth: number };
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= maximumInputDepth) return true;
    const { values } = readChildren(item);
    for (let index = 0; index < values.length; index += 1) {
      const child = values[index];
      if (typeof child === 'object' && child !== null) stack.push({ item: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * The first string or key of a parsed JSON value, a query or address parameters that holds a NUL
 * or an unpaired surrogate: its path (keys joined by dots, as validation errors name fields; a key
 * is named without the faulty characters) and the message refusing it; null when there is none.
 * Walked without recursion, so no nesting exhausts the stack.
 */
export function findInvalidTextPath(value: unknown): { path: string; message: string } | null {
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
      const message = findInvalidCharacterMessage(item);
      if (message !== null) return { path: nameOf(step), message };
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const { keys, values } = readChildren(item);
    for (const key of keys ?? []) {
      const message = findInvalidCharacterMessage(key);
      if (message !== null) {
        return { path: nameOf(step, key.replaceAll('\u0000', '').replace(unpairedSurrogates, '')), message };
      }
    }
    // Pushed last first, so the first child is looked at first; numbers, booleans and null need no step.
    for (let index = values.length - 1; index >= 0; index -= 1) {
      const child = values[index];
      if (typeof child !== 'string' && (typeof child !== 'object' || child === null)) continue;
      stack.push({ item: child, key: keys ? (keys[index] as string) : String(index), parent: step });
    }
  }
  return null;
}
