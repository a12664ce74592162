import type { StatementTransaction } from '@prumo/statement-readers/statement-types';
import { describe, expect, it } from 'vitest';
import { createIdentityKeyBuilder } from '../src/modules/imports/index';

function line(date: string, amountCents: number, description: string): StatementTransaction {
  return { date, amountCents, description, fitId: null, type: null, checkNumber: null, occurrence: 1 };
}

describe("a line's identity within its account", () => {
  // Identities are stored with every imported line: a later import finds its duplicates by them, so
  // these values, written by earlier versions, must never change.
  it('keeps the values stored by earlier versions, accents and spacing folded, repeats counted', () => {
    const buildIdentityKey = createIdentityKeyBuilder();
    expect(buildIdentityKey(line('2024-03-05', -12990, 'Padaria São José'))).toBe(5685809558662664160n);
    expect(buildIdentityKey(line('2024-03-05', -12990, 'PADARIA SAO  JOSE '))).toBe(684390988842709191n);
    expect(buildIdentityKey(line('2024-03-06', 250000, 'TED recebida  Maria'))).toBe(4533232943875154360n);
    expect(buildIdentityKey(line('2024-03-07', -4595, 'Uber *Trip'))).toBe(-1168018067795178783n);
  });

  it('counts repeats per builder: another account (a new builder) starts again at the first', () => {
    const first = createIdentityKeyBuilder();
    const second = createIdentityKeyBuilder();
    const purchase = line('2024-03-05', -12990, 'Padaria São José');
    expect(first(purchase)).toBe(second(purchase));
    expect(first(purchase)).not.toBe(first(purchase));
  });
});
