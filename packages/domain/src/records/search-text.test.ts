import { describe, expect, it } from 'vitest';
import { buildContainsPattern, foldForSearch, includesIgnoringAccents } from './search-text';

describe('search ignoring accents and case', () => {
  it('folds Portuguese letters and case', () => {
    expect(foldForSearch('SERVIÇOS AÇÃO Água Pôr Ônibus Über')).toBe('servicos acao agua por onibus uber');
  });

  it('finds either way', () => {
    expect(includesIgnoringAccents('DA  NET SERVIÇOS 6833197', 'servicos')).toBe(true);
    expect(includesIgnoringAccents('acao', 'AÇÃO')).toBe(true);
    expect(includesIgnoringAccents('Energia elétrica', ' ELETRICA ')).toBe(true);
    expect(includesIgnoringAccents('Energia elétrica', 'gás')).toBe(false);
  });

  it('keeps what the user typed literal in a LIKE pattern', () => {
    expect(buildContainsPattern('50%_OFF\\x')).toBe('%50\\%\\_off\\\\x%');
    expect(buildContainsPattern('Ação')).toBe('%acao%');
  });
});
