import { describe, expect, it } from 'vitest';
import { ConsentInputSchema, computeConsentEnd } from './consent';

describe('computeConsentEnd', () => {
  it('ends on the same day months later, or on the last day of a shorter month', () => {
    expect(computeConsentEnd(new Date('2026-11-28T15:00:00Z'), 12).toISOString()).toBe('2027-11-28T15:00:00.000Z');
    expect(computeConsentEnd(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(computeConsentEnd(new Date('2027-11-30T10:00:00Z'), 3).toISOString()).toBe('2028-02-29T10:00:00.000Z');
  });
});

describe('ConsentInputSchema', () => {
  it('keeps each permission once and takes only 3, 6, 9 or 12 months', () => {
    const parsed = ConsentInputSchema.parse({ participant_id: 'x', permissions: ['ACCOUNTS', 'ACCOUNTS'], months: 9 });
    expect(parsed.permissions).toEqual(['ACCOUNTS']);
    const refused = ConsentInputSchema.safeParse({ participant_id: 'x', permissions: ['ACCOUNTS'], months: 24 });
    expect(refused.error?.issues[0]?.message).toBe('Escolha o prazo: 3, 6, 9 ou 12 meses.');
  });
});
