import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validationMessages } from '@prumo/domain/account/messages';
import type { z } from 'zod';

/**
 * Lower case, no accents, no spaces around, compatibility forms folded ('１２３' is '123'):
 * 'SãoPaulo123', ' saopaulo123' and 'saopaulo123' are the same password to a guesser.
 */
export function normalizePassword(password: string): string {
  return password
    .trim()
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

let commonPasswords: Set<string> | undefined;

function readCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return commonPasswords;
}

/**
 * Whether a password is in the shipped list of common ones, letter case and accents aside.
 * A listed word followed by any digits or symbols counts too ('Flamengo#2031!').
 */
export function isCommonPassword(password: string): boolean {
  const list = readCommonPasswords();
  const normalized = normalizePassword(password);
  if (list.has(normalized)) return true;
  const word = normalized.replace(/[^\p{L}]+$/u, '');
  return word.length >= 4 && word !== normalized && list.has(word);
}

/**
 * Refuses a common password in the named field (registration, reset, change), in the field
 * error shape the forms show. The list stays on the server: it is too big for the web bundle.
 */
export function refuseCommonPassword<T extends object>(field: keyof T & string) {
  return (value: T, context: z.RefinementCtx) => {
    const password = value[field];
    if (typeof password === 'string' && isCommonPassword(password)) {
      context.addIssue({ code: 'custom', message: validationMessages.passwordTooCommon, path: [field] });
    }
  };
}
