import { describe, expect, it } from 'vitest';
import { findNulCharacterPath } from './input-text';

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
