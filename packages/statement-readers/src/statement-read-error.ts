export type StatementReadErrorCode =
  | 'unreadable'
  | 'password_protected'
  | 'invalid_extension'
  | 'too_large'
  | 'not_a_bank_statement';

/** Texts shown to the user (pt-BR); 'unreadable' keeps the wording users already know. */
export const statementReadMessages: Record<StatementReadErrorCode, string> = {
  unreadable: 'Arquivo com leitura incompatível com o sistema.',
  password_protected: 'Arquivo protegido por senha: exporte o extrato sem senha e tente novamente.',
  invalid_extension: 'Extensão inválida: envie arquivos xlsx, ofx ou xls.',
  too_large: 'Arquivo grande demais: envie extratos de até 20 MB e até 200.000 lançamentos.',
  not_a_bank_statement:
    'Este arquivo é um extrato de investimentos, não de conta ou cartão: envie o extrato da conta corrente ou a fatura do cartão.',
};

/** A file that cannot be imported; `message` is for the user, `detail` for logs. */
export class StatementReadError extends Error {
  readonly code: StatementReadErrorCode;
  readonly detail: string | null;

  constructor(code: StatementReadErrorCode, options: { message?: string; detail?: string } = {}) {
    super(options.message ?? statementReadMessages[code]);
    this.name = 'StatementReadError';
    this.code = code;
    this.detail = options.detail ?? null;
  }
}
