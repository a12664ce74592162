/**
 * The same merchant is printed a dozen ways: "COMPRA CARTAO DEB MC 12/03 PADARIA REAL SAO PAULO",
 * "PADARIA REAL 12/04", "Padaria Real*1234". Learned categorization compares this key instead,
 * so what a client taught Prumo about one line applies to the others.
 */

// Words banks put around the merchant's name: payment means, card networks, operation kinds.
const noiseWords = new Set([
  'COMPRA',
  'COM',
  'COMPRAS',
  'CARTAO',
  'CARTOES',
  'CART',
  'CRED',
  'CREDITO',
  'DEB',
  'DEBITO',
  'ELO',
  'MC',
  'MASTERCARD',
  'MAESTRO',
  'VISA',
  'VISAELECTRON',
  'ELECTRON',
  'NACIONAL',
  'INTERNACIONAL',
  'INT',
  'NAC',
  'PAG',
  'PAGTO',
  'PGTO',
  'PAGAMENTO',
  'EM',
  'NO',
  'NA',
  'DE',
  'DO',
  'DA',
  'APROVADA',
  'PARCELA',
  'PARC',
  'ESTAB',
  'ESTABELECIMENTO',
  'TRANSACAO',
  'ONLINE',
  'CONTACTLESS',
  'APPLE',
  'GOOGLE',
  'PAY',
]);

// City names that trail merchant names in card statements.
const citySuffixes = [
  'SAO PAULO',
  'RIO DE JANEIRO',
  'BELO HORIZONTE',
  'PORTO ALEGRE',
  'CURITIBA',
  'BRASILIA',
  'SALVADOR',
  'RECIFE',
  'FORTALEZA',
  'CAMPINAS',
  'GOIANIA',
  'FLORIANOPOLIS',
  'SAO PAULO BR',
  'OSASCO',
  'BARUERI',
  'SANTOS',
  'NITEROI',
  'MANAUS',
  'BELEM',
  'VITORIA',
];

function removeAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export function normalizeMerchantName(text: string): string {
  let normalized = removeAccents(text).toUpperCase();
  // Dates (12/03, 12/03/2024, 2024-03-12), times, installments (3/10, 03 DE 10), card digits (*1234, final 1234).
  normalized = normalized
    .replace(/\b\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\b/g, ' ')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ')
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, ' ')
    .replace(/\bFINAL\s*\d{4}\b/g, ' ')
    .replace(/\*+\s*\d+/g, ' ')
    .replace(/[^A-Z0-9 ]+/g, ' ')
    // Long digit runs are ids (authorizations, documents), not names.
    .replace(/\b\d{3,}\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const city of citySuffixes) {
    if (normalized.endsWith(` ${city}`)) {
      normalized = normalized.slice(0, -city.length - 1);
      break;
    }
  }
  const words = normalized.split(' ').filter((word) => word && !noiseWords.has(word) && !/^\d{1,2}$/.test(word));
  return words.join(' ');
}
