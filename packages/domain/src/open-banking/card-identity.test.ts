import { describe, expect, it } from 'vitest';
import { isSameCard, readCardLastDigits } from './card-identity';

describe('readCardLastDigits', () => {
  it('reads the last four digits of a full, masked or short card number', () => {
    expect(readCardLastDigits('1234123412345502')).toBe('5502');
    expect(readCardLastDigits('5234********5502')).toBe('5502');
    expect(readCardLastDigits('5234 XXXX XXXX 5502')).toBe('5502');
    expect(readCardLastDigits('•••• 5502')).toBe('5502');
    expect(readCardLastDigits('5502')).toBe('5502');
  });

  it('finds no card number in a UUID, a name or fewer than four digits', () => {
    expect(readCardLastDigits('54e88fea-25a4-4bf6-985b-d72f98a20e85')).toBeNull();
    expect(readCardLastDigits('99999999-9999-9999-9999-999999999999')).toBe('9999');
    expect(readCardLastDigits('Cartão Platinum')).toBeNull();
    expect(readCardLastDigits('**12')).toBeNull();
    expect(readCardLastDigits('')).toBeNull();
  });
});

describe('isSameCard', () => {
  const synced = { bankCode: '341', accountNumber: '5502' };

  it('meets a file that names no bank, or the same bank, by the last four digits', () => {
    expect(isSameCard({ bankCode: '', accountNumber: '5234********5502' }, synced)).toBe(true);
    expect(isSameCard({ bankCode: '341', accountNumber: '5234123412345502' }, synced)).toBe(true);
  });

  it('keeps apart cards whose leading digits differ, as far as both show them', () => {
    const mastercard = { bankCode: '', accountNumber: '5234********5502' };
    expect(isSameCard(mastercard, { bankCode: '', accountNumber: '4111111111115502' })).toBe(false);
    expect(isSameCard(mastercard, { bankCode: '', accountNumber: '5234567812345502' })).toBe(true);
    expect(isSameCard(mastercard, { bankCode: '', accountNumber: '************5502' })).toBe(true);
    expect(
      isSameCard(
        { bankCode: '', accountNumber: '5234567812345502' },
        { bankCode: '', accountNumber: '5234567899995502' },
      ),
    ).toBe(false);
  });

  it('keeps apart other digits, another bank, and a card not named by its number', () => {
    expect(isSameCard({ bankCode: '', accountNumber: '5234********5503' }, synced)).toBe(false);
    expect(isSameCard({ bankCode: '237', accountNumber: '5234********5502' }, synced)).toBe(false);
    expect(isSameCard({ bankCode: '', accountNumber: '54e88fea-25a4-4bf6-985b-d72f98a20e85' }, synced)).toBe(false);
  });
});
