/** Control characters other than whitespace: no text holds them, and PostgreSQL refuses a NUL in text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const controlCharacters = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

/**
 * Turns runs of spaces, tabs and line breaks (a MEMO broken across lines) into one space, and trims.
 * A control character (a NUL in a spreadsheet's cell) counts as a space.
 */
export function collapseWhitespace(text: string): string {
  controlCharacters.lastIndex = 0;
  const visible = controlCharacters.test(text) ? text.replace(controlCharacters, ' ') : text;
  const trimmed = visible.trim();
  // Most values need no rewriting; testing first spares a new string per field on big files.
  return /\s\s|[^\S ]/.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
}

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  atilde: 'ã',
  eacute: 'é',
  ecirc: 'ê',
  iacute: 'í',
  oacute: 'ó',
  ocirc: 'ô',
  otilde: 'õ',
  uacute: 'ú',
  uuml: 'ü',
  ccedil: 'ç',
  Aacute: 'Á',
  Agrave: 'À',
  Acirc: 'Â',
  Atilde: 'Ã',
  Eacute: 'É',
  Ecirc: 'Ê',
  Iacute: 'Í',
  Oacute: 'Ó',
  Ocirc: 'Ô',
  Otilde: 'Õ',
  Uacute: 'Ú',
  Uuml: 'Ü',
  Ccedil: 'Ç',
};

const entityPattern = /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g;
const anyEntityPattern = /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/;

function decodeEntitiesOnce(text: string): string {
  return text.replace(entityPattern, (whole, name: string) => {
    if (name.startsWith('#')) {
      const codePoint = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      const isValid = codePoint >= 0x20 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
      return isValid ? String.fromCodePoint(codePoint) : whole;
    }
    return namedEntities[name] ?? whole;
  });
}

/**
 * Decodes the standard and accented-letter entities, never DTD-declared ones (so entity-expansion
 * attacks stay literal text). A raw "&" (Nubank's "Amazon & Cloud") is left as it is. Some banks
 * escape twice ("TPAY &amp;lt;DEFTPYMT&amp;gt;"), so a second pass runs when the first leaves entities.
 */
export function decodeTextEntities(text: string): string {
  if (!text.includes('&')) return text;
  const once = decodeEntitiesOnce(text);
  return anyEntityPattern.test(once) ? decodeEntitiesOnce(once) : once;
}

/**
 * Banco Inter writes a Latin-1 byte as a backslash and its hex code ("CERTID\C3O" for CERTIDÃO).
 * Only the letters range (C0–FF) is rewritten, so other backslashes stay as the bank wrote them.
 */
export function fixBackslashHexEscapes(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\([C-F][0-9A-F])/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Lowercase, without accents and punctuation noise, for comparing labels ("Histórico" → "historico"). */
export function normalizeForMatching(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Saldo Anterior", "SALDO DO DIA", "S A L D O", "SDO CTA ANT": balance lines, not money moving. */
export function isBalanceDescription(text: string): boolean {
  // Cheap first look: every balance label starts with an "s", then "a", "d" or a space; another
  // plain character there (SUPERMERCADO) settles it without normalizing.
  const trimmed = text.trimStart();
  const first = trimmed.charCodeAt(0);
  if (first !== 115 && first !== 83) return false;
  const second = trimmed.charCodeAt(1);
  if (second < 128 && !/[adAD\s]/.test(trimmed.charAt(1))) return false;
  return /^(saldo|s a l d o|sdo cta)\b/.test(normalizeForMatching(text));
}

/** "Total", "TOTAL DA FATURA": summary lines (only consulted for rows that have no date). */
export function isTotalDescription(text: string): boolean {
  return /^(total|totais|totales)\b/.test(normalizeForMatching(text));
}

/** Section titles after which rows are scheduled, not yet posted ("Lançamentos futuros"). */
export function isFutureSectionTitle(text: string): boolean {
  return /lancamentos? futuros?|movimentac(ao|oes) futuras?|lancamentos? (programados|agendados)|agendamentos|movimientos? (futuros|programados)/.test(
    normalizeForMatching(text),
  );
}

/** A transaction line that itself says it is a future one. */
export function isFutureDescription(text: string): boolean {
  if (!/futur/i.test(text)) return false;
  return /lancamentos? futuros?/.test(normalizeForMatching(text));
}
