import { describe, expect, it } from 'vitest';
import { findNulCharacterPath, isNestedTooDeeply, maximumInputDepth } from './input-text';

describe('findNulCharacterPath', () => {
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
