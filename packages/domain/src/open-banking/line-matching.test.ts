import { describe, expect, it } from 'vitest';
import { matchLinesAcrossSources, type SourceLine } from './line-matching';

function line(date: string, amountCents: number, description: string): SourceLine {
  return { date, amountCents, description };
}

describe('the same payment from the bank’s API and from its statement file', () => {
  it('is one payment despite another description and a day or two apart', () => {
    const fromFile = [
      line('2026-03-05', -12_990, 'PAG*PADARIA SAO JOSE'),
      line('2026-03-06', 250_000, 'TED RECEBIDA MARIA'),
    ];
    const fromBank = [
      line('2026-03-04', -12_990, 'Padaria São José'),
      line('2026-03-06', 250_000, 'Transferência recebida - Maria S.'),
      line('2026-03-07', -4_595, 'Uber *Trip'),
    ];
    expect(matchLinesAcrossSources(fromFile, fromBank)).toEqual([0, 1, null]);
  });

  it('never pairs different amounts, or dates more than three days apart', () => {
    const kept = [line('2026-03-05', -12_990, 'Padaria São José')];
    expect(
      matchLinesAcrossSources(kept, [
        line('2026-03-05', -12_900, 'Padaria São José'),
        line('2026-03-09', -12_990, 'Padaria São José'),
        line('2026-03-01', -12_990, 'Padaria São José'),
      ]),
    ).toEqual([null, null, null]);
    expect(matchLinesAcrossSources(kept, [line('2026-03-08', -12_990, 'Outra coisa')])).toEqual([0]);
  });

  it('pairs each line once: two equal coffees in one source and one in the other leave one new', () => {
    const kept = [line('2026-03-05', -800, 'CAFE DO PONTO')];
    const incoming = [line('2026-03-05', -800, 'Café do Ponto'), line('2026-03-05', -800, 'Café do Ponto')];
    expect(matchLinesAcrossSources(kept, incoming)).toEqual([0, null]);
    // The other way round: both kept, one arrives.
    expect(matchLinesAcrossSources(incoming, kept)).toEqual([0]);
  });

  it('gives each line its closest partner, then the one with words in common', () => {
    const kept = [line('2026-03-02', -5_000, 'FARMACIA PAGUE MENOS'), line('2026-03-04', -5_000, 'POSTO SHELL')];
    // The first incoming line is as close to both kept ones; its words pick the pharmacy. The second
    // is closest to the petrol station.
    const incoming = [line('2026-03-03', -5_000, 'Farmácia Pague Menos'), line('2026-03-04', -5_000, 'Shell Select')];
    expect(matchLinesAcrossSources(kept, incoming)).toEqual([0, 1]);
    // An early line does not take a later one's exact partner.
    const crossing = [line('2026-03-03', -5_000, 'X'), line('2026-03-04', -5_000, 'Y')];
    expect(matchLinesAcrossSources([line('2026-03-04', -5_000, 'Z')], crossing)).toEqual([null, 0]);
  });
});
