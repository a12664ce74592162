import { describe, expect, it } from 'vitest';
import {
  computeBillAmountCents,
  computeBillClosingDate,
  computeBillDueDate,
  findBillPaymentWindow,
  findCardBillState,
  findLineCashDate,
  projectInstalments,
  readInstalment,
  shiftBillDueDate,
} from './card-bills';

describe('which bill a purchase falls on', () => {
  it('keeps a purchase on the closing day in that bill and moves the next day to the next one', () => {
    // Closes on the 3rd, due on the 10th of the same month.
    expect(computeBillDueDate('2026-11-03', 3, 10)).toBe('2026-11-10');
    expect(computeBillDueDate('2026-11-04', 3, 10)).toBe('2026-12-10');
    expect(computeBillDueDate('2026-12-20', 3, 10)).toBe('2027-01-10');
  });

  it('puts the due date in the next month when the due day is not after the closing day', () => {
    // Closes on the 25th, due on the 5th of the next month.
    expect(computeBillDueDate('2026-11-25', 25, 5)).toBe('2026-12-05');
    expect(computeBillDueDate('2026-11-26', 25, 5)).toBe('2027-01-05');
  });

  it("is the line's own day outside a card, and in a card whose days are not known yet", () => {
    expect(findLineCashDate('2026-11-04', { kind: 'bank_account', closingDay: 3, dueDay: 10 })).toBe('2026-11-04');
    expect(findLineCashDate('2026-11-04', { kind: 'credit_card', closingDay: null, dueDay: null })).toBe('2026-11-04');
    expect(findLineCashDate('2026-11-04', { kind: 'credit_card', closingDay: 3, dueDay: 10 })).toBe('2026-12-10');
  });

  it('reads the 29th–31st as the last day of a shorter month', () => {
    expect(computeBillDueDate('2027-02-28', 31, 10)).toBe('2027-03-10');
    expect(computeBillDueDate('2027-03-01', 31, 10)).toBe('2027-04-10');
    expect(computeBillDueDate('2027-01-15', 10, 31)).toBe('2027-02-28');
    expect(computeBillClosingDate('2027-03-10', 31, 10)).toBe('2027-02-28');
    expect(computeBillClosingDate('2026-12-10', 3, 10)).toBe('2026-12-03');
    expect(shiftBillDueDate('2027-01-31', 1, 31)).toBe('2027-02-28');
    expect(shiftBillDueDate('2027-02-28', 1, 31)).toBe('2027-03-31');
    expect(shiftBillDueDate('2026-11-10', 3, 10)).toBe('2027-02-10');
  });
});

describe('a bill’s state and amount', () => {
  const today = '2026-11-15';
  it('is open until its closing day ends, then closed until paid; the next one is future', () => {
    expect(
      findCardBillState({ closingDate: '2026-11-15', previousClosingDate: '2026-10-15', paid: false }, today),
    ).toBe('open');
    expect(findCardBillState({ closingDate: '2026-11-14', previousClosingDate: null, paid: false }, today)).toBe(
      'closed',
    );
    expect(findCardBillState({ closingDate: '2026-11-14', previousClosingDate: null, paid: true }, today)).toBe('paid');
    expect(
      findCardBillState({ closingDate: '2026-12-15', previousClosingDate: '2026-11-15', paid: false }, today),
    ).toBe('future');
  });

  it('asks what the purchases add up to less refunds, unless the client corrected it', () => {
    expect(computeBillAmountCents(-12_345, null)).toBe(12_345);
    expect(computeBillAmountCents(-12_345, 12_000)).toBe(12_000);
  });
});

describe('instalments', () => {
  it('reads the ways banks print an instalment', () => {
    expect(readInstalment('MAGAZINE LUIZA PARCELA 2/6')).toEqual({
      number: 2,
      count: 6,
      purchaseName: 'MAGAZINE LUIZA',
    });
    expect(readInstalment('Loja X - Parcela 3 de 10')).toEqual({ number: 3, count: 10, purchaseName: 'Loja X' });
    expect(readInstalment('NETSHOES PARC 01/03')).toEqual({ number: 1, count: 3, purchaseName: 'NETSHOES' });
    expect(readInstalment('AMAZON BR 02/12')).toEqual({ number: 2, count: 12, purchaseName: 'AMAZON BR' });
  });

  it('does not read a date, a code or a lone number as an instalment', () => {
    expect(readInstalment('RSHOP-PAG*Brenda -22/09')).toBeNull();
    expect(readInstalment('PADARIA 1/1')).toBeNull();
    expect(readInstalment('12/06')).toBeNull();
    expect(readInstalment('NETFLIX.COM')).toBeNull();
    expect(readInstalment('LOJA 3/99')).toBeNull();
  });

  it('projects the instalments still to come on the next bills, once each', () => {
    const lines = [
      { name: 'MAGAZINE LUIZA PARCELA 2/4', amountCents: -15_000, billDueDate: '2026-11-10' },
      { name: 'MAGAZINE LUIZA PARCELA 3/4', amountCents: -15_000, billDueDate: '2026-12-10' },
      { name: 'NETSHOES 1/2', amountCents: -9_990, billDueDate: '2026-12-10' },
      { name: 'MERCADO', amountCents: -5_000, billDueDate: '2026-12-10' },
    ];
    expect(projectInstalments(lines, 10)).toEqual([
      { name: 'MAGAZINE LUIZA 4/4', amountCents: -15_000, billDueDate: '2027-01-10', number: 4, count: 4 },
      { name: 'NETSHOES 2/2', amountCents: -9_990, billDueDate: '2027-01-10', number: 2, count: 2 },
    ]);
  });

  it('projects nothing for a purchase whose last instalment arrived', () => {
    const lines = [{ name: 'LOJA PARCELA 6/6', amountCents: -1_000, billDueDate: '2026-11-10' }];
    expect(projectInstalments(lines, 10)).toEqual([]);
  });
});

describe('a bill’s closing and payment days', () => {
  it('closes before it is due even when the month is short', () => {
    expect(computeBillClosingDate('2027-02-28', 30, 31)).toBe('2027-02-27');
  });

  it('takes payments from its closing day to ten days after it is due', () => {
    expect(findBillPaymentWindow({ closingDate: '2026-11-03', dueDate: '2026-11-10' })).toEqual({
      start: '2026-11-03',
      end: '2026-11-20',
    });
  });
});
