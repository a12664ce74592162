import { describe, expect, it } from 'vitest';
import { normalizeRedirectLink } from '../account/fields';
import { logoMessages, readDataUrl } from './logo';
import { describeClientsToMove } from './team';
import { countTrialDaysLeft, describeTrialDaysLeft, findTrialLastDay } from './trial';

describe('readDataUrl', () => {
  it('reads the type and bytes of a base64 data URL', () => {
    const content = readDataUrl('data:image/png;base64,iVBORw==');
    expect(content.mimeType).toBe('image/png');
    expect([...content.bytes]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it.each([
    ['no comma', 'data:image/png;base64'],
    ['three parts', 'data:image/png;base64,iVBO,Rw=='],
    ['empty', ''],
    ['not base64', 'data:image/png;base64,@@@@'],
    ['no data: head', 'image/png;base64,iVBORw=='],
    ['nothing after the comma', 'data:image/png;base64,'],
  ])("refuses a data URL with %s: 'Invalid Data URL'", (_case, dataUrl) => {
    expect(() => readDataUrl(dataUrl)).toThrow(logoMessages.invalidDataUrl);
  });
});

describe('normalizeRedirectLink', () => {
  it("prepends 'https://' when the link has no scheme, and keeps one that has", () => {
    expect(normalizeRedirectLink('  www.exemplo.com.br ')).toBe('https://www.exemplo.com.br');
    expect(normalizeRedirectLink('HTTPS://exemplo.com.br')).toBe('HTTPS://exemplo.com.br');
    expect(normalizeRedirectLink('http://exemplo.com.br')).toBe('http://exemplo.com.br');
    expect(normalizeRedirectLink('')).toBe('');
  });
});

describe('the trial', () => {
  it('ends on the day set, else 30 days after the organization was created', () => {
    expect(findTrialLastDay('2026-11-01', '2026-11-20')).toBe('2026-11-20');
    expect(findTrialLastDay('2026-11-01', null)).toBe('2026-12-01');
  });

  it('counts today and the last day, and 0 once over', () => {
    expect(countTrialDaysLeft('2026-11-30', '2026-11-28')).toBe(3);
    expect(countTrialDaysLeft('2026-11-28', '2026-11-28')).toBe(1);
    expect(countTrialDaysLeft('2026-11-27', '2026-11-28')).toBe(0);
    expect(countTrialDaysLeft('2027-03-01', '2026-11-28')).toBe(94);
  });

  it('words the days left', () => {
    expect(describeTrialDaysLeft(12)).toBe('Faltam 12 dias do período de experiência');
    expect(describeTrialDaysLeft(1)).toBe('Último dia do período de experiência');
    expect(describeTrialDaysLeft(0)).toBe('Período de experiência encerrado');
  });
});

describe('describeClientsToMove', () => {
  it('says how many clients to move, in the singular for one', () => {
    expect(describeClientsToMove(1)).toBe(
      'Este planejador ainda tem 1 cliente. Mova-o para outro planejador antes de desativá-lo.',
    );
    expect(describeClientsToMove(3)).toBe(
      'Este planejador ainda tem 3 clientes. Mova-os para outro planejador antes de desativá-lo.',
    );
  });
});
