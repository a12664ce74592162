import { describe, expect, it } from 'vitest';
import { buildReminderMatcher, isAmountAbout } from './bill-matching';
import { type ExpenseLine, findRecurringBills, findRecurringWindowStart } from './recurring-bills';

let nextId = 1;
function line(date: string, amountCents: number, name: string, merchantKey: string): ExpenseLine {
  nextId += 1;
  return { id: nextId, date, amountCents, name, merchantKey };
}

/** The same merchant on each of `dates`, for `amounts` (one each, or the first for all). */
function series(merchantKey: string, name: string, dates: string[], amounts: number[]): ExpenseLine[] {
  return dates.map((date, index) => line(date, amounts[index] ?? (amounts[0] as number), name, merchantKey));
}

describe('finding recurring bills in expense lines', () => {
  it('finds a card subscription charged on the same day: latest name, median amount, next due date', () => {
    const lines = series(
      'NETFLIX COM',
      'NETFLIX.COM',
      ['2026-07-12', '2026-08-12', '2026-09-12', '2026-10-12'],
      [-5_590, -5_590, -5_590, -5_990],
    );
    lines[3] = { ...(lines[3] as ExpenseLine), name: '  NETFLIX.COM   SAO PAULO ' };
    const [bill, ...others] = findRecurringBills(lines, '2026-11-15');
    expect(others).toEqual([]);
    expect(bill).toEqual({
      merchantKey: 'NETFLIX COM',
      title: 'NETFLIX.COM SAO PAULO',
      dueDay: 12,
      amountCents: 5_590,
      // November's charge is past and not among the lines yet: the next one to remind is December's.
      nextDueDate: '2026-12-12',
      reminderDate: '2026-12-12',
      monthsFound: 4,
      lineIds: lines.map((found) => found.id),
    });
  });

  it('counts a bill paid a few days off its day (weekends, holidays), and one due on the 1st paid the day before', () => {
    const rent = series('ALUGUEL', 'PIX ALUGUEL', ['2026-07-10', '2026-08-12', '2026-09-08', '2026-10-13'], [-250_000]);
    const school = series('ESCOLA', 'ESCOLA ABC', ['2026-07-31', '2026-09-01', '2026-09-30', '2026-11-01'], [-90_000]);
    const bills = findRecurringBills([...rent, ...school], '2026-11-05');
    expect(bills.map((bill) => [bill.merchantKey, bill.dueDay, bill.monthsFound, bill.nextDueDate])).toEqual([
      ['ALUGUEL', 10, 4, '2026-11-10'],
      ['ESCOLA', 1, 4, '2026-12-01'],
    ]);
  });

  it('keeps a bill due on the 31st at the end of shorter months', () => {
    const lines = series(
      'CONDOMINIO',
      'CONDOMINIO',
      ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30'],
      [-70_000],
    );
    const [bill] = findRecurringBills(lines, '2027-05-02');
    expect(bill).toMatchObject({ dueDay: 31, monthsFound: 4, nextDueDate: '2027-05-31', reminderDate: '2027-05-31' });
    // Next due on 30 April: the reminder starts on 31 March, so its later occurrences stay on the 31st.
    const [early] = findRecurringBills(lines.slice(0, 3), '2027-04-02');
    expect(early).toMatchObject({ dueDay: 31, nextDueDate: '2027-04-30', reminderDate: '2027-03-31' });
  });

  it('takes a utility whose amount varies within a quarter, and refuses one month far off it', () => {
    const power = series('ENEL', 'ENEL SP', ['2026-08-15', '2026-09-15', '2026-10-15'], [-18_000, -21_000, -16_000]);
    expect(findRecurringBills(power, '2026-11-01')[0]).toMatchObject({ amountCents: 18_000, monthsFound: 3 });
    const offBand = series('ENEL', 'ENEL SP', ['2026-08-15', '2026-09-15', '2026-10-15'], [-18_000, -21_000, -40_000]);
    expect(findRecurringBills(offBand, '2026-11-01')).toEqual([]);
  });

  it('finds the subscription among other purchases at the same merchant', () => {
    const prime = series('AMAZON', 'AMAZON PRIME', ['2026-08-05', '2026-09-05', '2026-10-05'], [-1_490]);
    const purchases = series(
      'AMAZON',
      'AMAZON MARKETPLACE',
      ['2026-08-20', '2026-09-02', '2026-10-27'],
      [-12_000, -35_000, -8_900],
    );
    const [bill] = findRecurringBills([...purchases, ...prime], '2026-10-20');
    expect(bill).toMatchObject({ dueDay: 5, amountCents: 1_490, nextDueDate: '2026-11-05', title: 'AMAZON PRIME' });
    expect(bill?.lineIds).toEqual(prime.map((found) => found.id));
  });

  it('proposes nothing from two months, from a day that wanders, from shopping or from bills that stopped', () => {
    const twoMonths = series('TIM CELU', 'DA TIM CELU', ['2026-09-22', '2026-10-20'], [-9_900]);
    const wandering = series('PADARIA', 'PADARIA', ['2026-08-03', '2026-09-17', '2026-10-27'], [-2_000]);
    const weekly = series(
      'MERCADO',
      'MERCADO BOM',
      Array.from(
        { length: 15 },
        (_, index) =>
          `2026-${String(8 + Math.floor(index / 5)).padStart(2, '0')}-${String(1 + (index % 5) * 6).padStart(2, '0')}`,
      ),
      [-5_000],
    );
    const everyOtherMonth = series(
      'DENTISTA',
      'DENTISTA',
      ['2026-03-10', '2026-05-10', '2026-07-10', '2026-09-10'],
      [-30_000],
    );
    const stopped = series('ACADEMIA', 'ACADEMIA', ['2026-04-05', '2026-05-05', '2026-06-05', '2026-07-05'], [-9_000]);
    const lines = [...twoMonths, ...wandering, ...weekly, ...everyOtherMonth, ...stopped];
    expect(findRecurringBills(lines, '2026-10-25')).toEqual([]);
  });

  it('leaves out incomes and lines without a readable merchant', () => {
    const salary = series('EMPRESA', 'SALARIO EMPRESA', ['2026-08-05', '2026-09-05', '2026-10-05'], [500_000]);
    const unnamed = series('', '123456', ['2026-08-05', '2026-09-05', '2026-10-05'], [-10_000]);
    expect(findRecurringBills([...salary, ...unnamed], '2026-10-20')).toEqual([]);
  });

  it('reads a year of lines, from the first day of the month a year back', () => {
    expect(findRecurringWindowStart('2026-11-15')).toBe('2025-11-01');
    expect(findRecurringWindowStart('2026-01-31')).toBe('2025-01-01');
  });
});

describe('matching a reminder to lines', () => {
  it('matches a proposed reminder on its merchant only, and a typed one on every word of its title', () => {
    const proposed = buildReminderMatcher({ merchantKey: 'NETFLIX COM', title: 'Minha Netflix' });
    expect(proposed('NETFLIX COM')).toBe(true);
    expect(proposed('NETFLIX')).toBe(false);
    const typed = buildReminderMatcher({ merchantKey: null, title: 'Aluguel' });
    expect(typed('PIX ALUGUEL JOAO')).toBe(true);
    expect(typed('ALUGUEIS')).toBe(false);
    const twoWords = buildReminderMatcher({ merchantKey: null, title: 'Net Serviços' });
    expect(twoWords('NET SERVICOS')).toBe(true);
    expect(twoWords('NET')).toBe(false);
    // Nothing of a merchant is left of "Cartão de crédito": it matches nothing rather than every line.
    expect(buildReminderMatcher({ merchantKey: null, title: 'Cartão de' })('CARTAO')).toBe(false);
  });

  it('takes amounts within a quarter, and within R$ 2,00 for small ones', () => {
    expect(isAmountAbout(10_000, -12_500)).toBe(true);
    expect(isAmountAbout(10_000, -12_501)).toBe(false);
    expect(isAmountAbout(500, -700)).toBe(true);
    expect(isAmountAbout(500, -701)).toBe(false);
  });
});
