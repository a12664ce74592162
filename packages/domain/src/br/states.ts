/** The 27 federative units' abbreviations (UF), as addresses and the CEP lookup give them. */
export const brazilianStates = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

const stateSet: ReadonlySet<string> = new Set(brazilianStates);

/** Whether a text is a UF, in either case ("sp" as the CEP lookup writes it, or "SP"). */
export function isBrazilianState(value: string): boolean {
  return stateSet.has(value.trim().toUpperCase());
}
