/** The pt-BR validation messages users see, word for word: one place for api and web. */
export const validationMessages = {
  emailRequired: 'Preencha seu e-mail',
  emailInvalid: 'Esse campo precisa ser um e-mail válido',
  nameRequired: 'Esse campo é obrigatório',
  nameTooLong: 'Limite de 150 excedido',
  passwordRequired: 'Esse campo é obrigatório.',
  passwordTooShort: 'Mínimo 8 caracteres',
  passwordsDiffer: 'Senhas precisam ser iguais',
  // Prumo's own rules against guessable passwords.
  passwordAllDigits: 'A senha não pode ter apenas números.',
  passwordTooCommon: 'Esta senha é muito comum. Escolha uma mais difícil de adivinhar.',
  phoneInvalid: 'Número de telefone inválido',
  phoneDigitsOnly: 'Use apenas números',
  cpfRequired: 'Número de CPF é obrigatório',
  cpfInvalid: 'Cpf inválido',
  cnpjRequired: 'CNPJ é obrigatório.',
  cnpjInvalid: 'CNPJ inválido.',
  stateLength: 'O estado deve ter exatamente 2 caracteres',
  dateInvalid: 'Data inválida',
  bankRequired: 'Digite o nome do banco',
  corporateNameTooShort: 'A Razão social precisa de pelo menos 5 caracteres.',
  required: 'Este campo é obrigatório',
  requiredShort: 'Campo obrigatório',
  numberInvalid: 'Número inválido',
  valueInvalid: 'Valor inválido',
  colorInvalid: 'Cor inválida: use 6 dígitos hexadecimais, sem #',
  slugInvalid: 'Use de 2 a 40 letras minúsculas, números ou hífens',
} as const;

/** Text past its limit, in the words of 'Limite de 150 excedido' for any limit. */
export function describeLengthLimit(maximum: number): string {
  return `Limite de ${maximum} excedido`;
}
