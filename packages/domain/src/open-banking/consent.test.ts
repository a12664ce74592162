import { describe, expect, it } from 'vitest';
import { ConsentInputSchema, computeConsentEnd, findConsentTermMonths } from './consent';

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

describe('findConsentTermMonths', () => {
  const start = new Date('2026-12-02T12:00:00Z');
  const after = (days: number) => new Date(start.getTime() + days * 86_400_000);

  it('reads the term from a real end counted in months or in days', () => {
    expect(findConsentTermMonths(start, computeConsentEnd(start, 3))).toBe(3);
    expect(findConsentTermMonths(start, after(180))).toBe(6);
    expect(findConsentTermMonths(start, after(270))).toBe(9);
    expect(findConsentTermMonths(start, after(360))).toBe(12);
    expect(findConsentTermMonths(start, after(372))).toBe(12);
  });

  it('names no term for an end that matches none', () => {
    expect(findConsentTermMonths(start, after(30))).toBeNull();
    expect(findConsentTermMonths(start, after(135))).toBeNull();
    expect(findConsentTermMonths(start, after(400))).toBeNull();
  });
});
