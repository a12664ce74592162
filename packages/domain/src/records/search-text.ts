/**
 * Searches ignore accents and case: 'servicos' finds 'SERVIÇOS', 'AÇÃO' finds 'acao'. The database
 * folds stored text with its function fold_for_search (accented Latin letters to their base letter,
 * then lower case); the web folds option labels the same way.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The LIKE pattern for "contains what the user typed", folded: the user's '%', '_' and '\' are
 * letters like any other (escaped with '\', LIKE's default escape).
 */
export function buildContainsPattern(search: string): string {
  return `%${foldForSearch(search).replace(/[%_\\]/g, '\\$&')}%`;
}

/** Whether `text` contains `search`, accents and case aside. */
export function includesIgnoringAccents(text: string, search: string): boolean {
  return foldForSearch(text).includes(foldForSearch(search.trim()));
}
