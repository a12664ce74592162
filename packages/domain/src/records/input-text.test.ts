import { describe, expect, it } from 'vitest';
import {
  findInvalidTextPath,
  isNestedTooDeeply,
  maximumInputDepth,
  nulCharacterMessage,
  unpairedSurrogateMessage,
} from './input-text';

/** The path of the first NUL, as the guard names the field. */
function findNulCharacterPath(value: unknown): string | null {
  const found = findInvalidTextPath(value);
  if (found !== null) expect(found.message).toBe(nulCharacterMessage);
  return found?.path ?? null;
}

describe('findInvalidTextPath', () => {
  it('names the field of the first string holding a NUL, however deep', () => {
    expect(findNulCharacterPath({ name: 'Ana', items: [{ note: 'ok' }, { note: 'a\u0000b' }] })).toBe('items.1.note');
    expect(findNulCharacterPath(['x', '\u0000'])).toBe('1');
  });

  it('names a key that holds a NUL without it', () => {
    expect(findNulCharacterPath({ 'nome\u0000': 1 })).toBe('nome');
  });

  it('answers the empty path for a bare string, and null when there is no NUL', () => {
    expect(findNulCharacterPath('a\u0000')).toBe('');
    expect(findNulCharacterPath({ name: 'Ana', amount: 10, tags: ['a'], none: null })).toBeNull();
    expect(findNulCharacterPath(42)).toBeNull();
  });

  it('names half of a surrogate pair, in a value or a key, and keeps whole emoji', () => {
    expect(findInvalidTextPath({ services: [{ description: 'Plano \ud800 anual' }] })).toEqual({
      path: 'services.0.description',
      message: unpairedSurrogateMessage,
    });
    expect(findInvalidTextPath({ 'nota\udc00': 1 })).toEqual({ path: 'nota', message: unpairedSurrogateMessage });
    expect(findInvalidTextPath({ note: 'Plano 🚀 anual', '🙂': 'ok' })).toBeNull();
  });
});

describe('isNestedTooDeeply', () => {
  it('tells a body nested past the limit, without exhausting the stack however deep', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) deep = { a: deep };
    expect(isNestedTooDeeply(deep)).toBe(true);
    expect(findNulCharacterPath(deep)).toBeNull();
    let fitting: unknown = 'ok';
    for (let level = 0; level < maximumInputDepth; level += 1) fitting = [fitting];
    expect(isNestedTooDeeply(fitting)).toBe(false);
    expect(isNestedTooDeeply({ budget: { items: [{ amount: 1 }] } })).toBe(false);
  });
});

describe('the checks on a large body', () => {
  // A public call's body may be a megabyte of list items or bytes: checking it must cost little
  // (building [key, value] pairs for each item took seconds, blocking every other request).
  it('walk a list of a million items in well under a second', () => {
    const items = new Array<number>(1_000_000).fill(0);
    const started = performance.now();
    expect(isNestedTooDeeply(items)).toBe(false);
    expect(findNulCharacterPath(items)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('leave raw bytes (a body read as a Buffer) to the route that parses them', () => {
    const bytes = Buffer.alloc(1_000_000);
    const started = performance.now();
    expect(isNestedTooDeeply(bytes)).toBe(false);
    expect(findNulCharacterPath(bytes)).toBeNull();
    expect(isNestedTooDeeply({ body: bytes })).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('still names a NUL among many items', () => {
    const items: unknown[] = new Array<string>(100_000).fill('ok');
    items[99_999] = { note: 'a\u0000' };
    expect(findNulCharacterPath({ items })).toBe('items.99999.note');
  });
});
