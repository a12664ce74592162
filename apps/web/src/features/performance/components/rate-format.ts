const rateFormatter = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A rate from the API (0.5886) as "58,9%"; a dash when there is none. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : rateFormatter.format(rate).replace(/\u00a0/g, ' ');
}
