const dateTimeFormatter = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** "22/11/2026, 10:30" in the browser's time zone, or the given text when there is no date. */
export function formatDateTime(value: string | null | undefined, emptyText: string): string {
  if (!value) return emptyText;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? emptyText : dateTimeFormatter.format(date);
}
