const dateTimeFormatter = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** "22/11/2026, 10:30" in the browser's time zone, or the given text when there is no date. */
export function formatDateTime(value: string | null | undefined, emptyText: string): string {
  if (!value) return emptyText;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? emptyText : dateTimeFormatter.format(date);
}

/** "2026-11-05" → "05/11/2026", on the text itself: a calendar day has no time zone to shift it. */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** The dd/mm/aaaa mask of typed dates: digits only, slashes added as the person types. */
export function formatDateMask(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** A local calendar day as "YYYY-MM-DD" (toISOString would move it to UTC). */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Cuts a text at `maximum` characters with an ellipsis (file names: 35). */
export function shortenText(text: string, maximum: number): string {
  return text.length > maximum ? `${text.slice(0, maximum)}…` : text;
}

const compactNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** Chart axis labels short enough for one line: "R$ 15 mi", "-R$ 250 mil", "R$ 800". */
export function formatCompactCents(amountCents: number): string {
  const reais = Math.abs(amountCents) / 100;
  const sign = amountCents < 0 ? '-' : '';
  if (reais >= 1_000_000) return `${sign}R$ ${compactNumber.format(reais / 1_000_000)} mi`;
  if (reais >= 1_000) return `${sign}R$ ${compactNumber.format(reais / 1_000)} mil`;
  return `${sign}R$ ${compactNumber.format(reais)}`;
}
