import { z } from 'zod';

/**
 * What a client shares through Open Finance and for how long. Each permission is a group of the
 * regulated ones (an account's register, balances and lines travel together), so the client
 * chooses among things they recognise rather than a list of API codes.
 */
export const sharedDataKinds = ['ACCOUNTS', 'CREDIT_CARDS', 'INVESTMENTS'] as const;
export type SharedDataKind = (typeof sharedDataKinds)[number];

/**
 * The integrations a bank is reached through: 'quanto', the Open Finance aggregator with the whole
 * directory, 'bs2', the BS2 bank's own API, and 'belvo', an aggregator whose own widget asks for
 * the consent (the bank chosen by its code). Each answers with the connector configured under its
 * name (the simulated institution by default); BS2 returns to its own page, bs2-callback.
 */
export const integrationConnectors = ['quanto', 'bs2', 'belvo'] as const;
export type IntegrationConnector = (typeof integrationConnectors)[number];

/** The integrations whose institutions the directory lists and whose consent Prumo asks for itself. */
export const directoryIntegrations = ['quanto', 'bs2'] as const satisfies readonly IntegrationConnector[];
export type DirectoryIntegration = (typeof directoryIntegrations)[number];

/** A stored integration name read back; anything else is the Open Finance one. */
export function readIntegrationConnector(value: string): IntegrationConnector {
  return value === 'bs2' || value === 'belvo' ? value : 'quanto';
}

/**
 * Open Finance Brasil's portal for citizens: what sharing is, who takes part, and where each bank
 * keeps its consent panel. The top bar links to it.
 */
export const openFinancePortalUrl = 'https://openfinancebrasil.org.br/';

export const sharedDataLabels: Record<SharedDataKind, string> = {
  ACCOUNTS: 'Contas: saldos e lançamentos',
  CREDIT_CARDS: 'Cartões de crédito: limites, faturas e lançamentos',
  INVESTMENTS: 'Investimentos: posições e saldos',
};

/** Open Finance Brasil consents last a whole number of months, at most 12; Prumo offers these. */
export const consentMonthOptions = [3, 6, 9, 12] as const;
export type ConsentMonths = (typeof consentMonthOptions)[number];

/**
 * A consent made in an aggregator's widget shares accounts and cards for 12 months, as asked for;
 * the person narrows it in the widget or at the bank, and revokes it here whenever they want.
 */
export const widgetConsentMonths = 12;
export const widgetSharedKinds = ['ACCOUNTS', 'CREDIT_CARDS'] as const satisfies readonly SharedDataKind[];

/** The address the bank sends the person back to is good for this long (and once). */
export const consentStateLifetimeMinutes = 10;

export const openBankingMessages = {
  participantUnknown: 'Instituição não encontrada.',
  choosePermissions: 'Escolha ao menos um tipo de dado para compartilhar.',
  permissionUnknown: 'Tipo de dado desconhecido.',
  chooseMonths: 'Escolha o prazo: 3, 6, 9 ou 12 meses.',
  platformBrowser: 'Informe a plataforma BROWSER.',
  returnInvalid:
    'Este retorno do banco não vale mais (expirou, já foi usado ou é de outra sessão). Comece a conexão de novo.',
  providerFailed: 'O banco não respondeu como esperado. Tente de novo em alguns minutos.',
  connectionNotFound: 'Conexão não encontrada.',
  alreadyRevoked: 'Esta conexão já foi revogada.',
  tooManyRequests: 'Você já tem pedidos de conexão esperando o banco. Conclua um deles ou aguarde 10 minutos.',
  syncNotActive: 'Só uma conexão ativa pode ser sincronizada.',
  connectorUnknown: 'Integração não encontrada.',
  bs2ClientOnly: 'A conexão com o BS2 é feita pelo próprio cliente, entrando com a conta dele.',
  tokenUnreadable: 'Não foi possível abrir o acesso a esta conexão. Conecte o banco de novo.',
  bankCodeInvalid: 'Informe o código do banco com 3 dígitos (ex.: 341).',
  bankNotConnectable: 'Este banco ainda não pode ser conectado por esta integração. Importe o extrato do banco.',
  linkInvalid: 'Esta conexão não foi encontrada ou não foi iniciada nesta sessão. Comece a conexão de novo.',
  linkOtherInstitution: 'A instituição autorizada não é a que você escolheu. Comece a conexão de novo.',
  providerUnknown: 'Escolha o provedor: simulated, pluggy ou belvo.',
  providerOfOtherIntegration:
    'Este provedor não atende esta integração: o Open Finance é da Pluggy; o widget, da Belvo.',
  holderCpfMissing: 'Para conectar por esta integração, o CPF do titular precisa estar no perfil.',
  keysRequired: 'Informe as chaves do provedor.',
  keysRefused: 'O provedor recusou estas chaves ou não respondeu. Confira o id e o segredo e tente de novo.',
  noKeysForWebhook: 'Esta integração não tem chaves de um provedor, nem webhook.',
} as const;

/** Where a connection's sync stands, as its list shows it. */
export type SyncStatus = 'idle' | 'waiting' | 'running' | 'failed';

export const syncStatusLabels: Record<SyncStatus, string> = {
  idle: 'Sincronizada',
  waiting: 'Sincronização na fila',
  running: 'Sincronizando',
  failed: 'A última sincronização falhou',
};

/**
 * The client is told when a connection stops bringing data: what ended, and that what came stays.
 * `day` is the consent's end, DD/MM/YYYY.
 */
export function describeConnectionEnded(institution: string, reason: 'expired' | 'revoked', day: string) {
  return reason === 'expired'
    ? {
        title: `Conexão com ${institution} expirou`,
        body: `O consentimento terminou em ${day}. O que já veio continua no Prumo; conecte o banco de novo para continuar sincronizando.`,
      }
    : {
        title: `Conexão com ${institution} encerrada pelo banco`,
        body: `O banco informou em ${day} que o consentimento não vale mais. O que já veio continua no Prumo; conecte o banco de novo para continuar sincronizando.`,
      };
}

export const SessionInputSchema = z.object({
  client_metadata: z.object({
    platform: z.literal('BROWSER', { error: openBankingMessages.platformBrowser }),
    os: z.string().trim().max(60).default(''),
  }),
});
export type SessionInput = z.infer<typeof SessionInputSchema>;

export const ConsentInputSchema = z.object({
  participant_id: z.string({ error: openBankingMessages.participantUnknown }).trim().min(1).max(80),
  /** The integration the institution was listed under (its `connector`); any, when left out. */
  connector: z.enum(directoryIntegrations, { error: openBankingMessages.connectorUnknown }).optional(),
  permissions: z
    .array(z.enum(sharedDataKinds, { error: openBankingMessages.permissionUnknown }), {
      error: openBankingMessages.choosePermissions,
    })
    .min(1, openBankingMessages.choosePermissions)
    .max(sharedDataKinds.length)
    .transform((kinds) => [...new Set(kinds)]),
  months: z
    .number({ error: openBankingMessages.chooseMonths })
    .refine((months): months is ConsentMonths => (consentMonthOptions as readonly number[]).includes(months), {
      message: openBankingMessages.chooseMonths,
    }),
});
export type ConsentInput = z.infer<typeof ConsentInputSchema>;

/**
 * The bank's return, as the callback page read it from its address: the `state` Prumo sent and
 * the authorization `code` or the bank's `error` (neither where the provider took the bank's code
 * itself, as Pluggy does).
 */
export const ApproveInputSchema = z.object({
  state: z.string({ error: openBankingMessages.returnInvalid }).trim().min(16).max(200),
  code: z.string().trim().min(1).max(500).optional(),
  error: z.string().trim().max(200).optional(),
});
export type ApproveInput = z.infer<typeof ApproveInputSchema>;

/** The bank chosen for the aggregator's widget, by its 3-digit COMPE code. */
export const WidgetTokenQuerySchema = z.object({
  bankCode: z
    .string({ error: openBankingMessages.bankCodeInvalid })
    .trim()
    .regex(/^\d{3}$/, openBankingMessages.bankCodeInvalid),
});
export type WidgetTokenQuery = z.infer<typeof WidgetTokenQuerySchema>;

/** What the aggregator's widget sent back to the callback page: the link it made and the institution. */
export const WidgetLinkInputSchema = z.object({
  link: z.string({ error: openBankingMessages.linkInvalid }).trim().min(8, openBankingMessages.linkInvalid).max(200),
  institution: z.string().trim().max(200).default(''),
});
export type WidgetLinkInput = z.infer<typeof WidgetLinkInputSchema>;

/** A connection's life: waiting for the bank, then active until it expires or is revoked. */
export const connectionStatuses = ['awaiting_consent', 'active', 'expired', 'revoked', 'refused', 'failed'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export const connectionStatusLabels: Record<ConnectionStatus, string> = {
  awaiting_consent: 'Aguardando autorização no banco',
  active: 'Ativa',
  expired: 'Consentimento expirado',
  revoked: 'Revogada',
  refused: 'Não autorizada',
  failed: 'Falhou',
};

/**
 * The term (3, 6, 9 or 12 months) of a consent running from `start` to `end`, as a provider reports
 * its real end: the nearest term within ten days (providers count 90/180/270/360 days or calendar
 * months, from their own record's time); null when the end matches none.
 */
export function findConsentTermMonths(start: Date, end: Date): ConsentMonths | null {
  const toleranceMs = 10 * 86_400_000;
  for (const months of consentMonthOptions) {
    if (Math.abs(computeConsentEnd(start, months).getTime() - end.getTime()) <= toleranceMs) return months;
  }
  return null;
}

/** When a consent given on `day` for `months` months ends: the same day of the month, or the month's last. */
export function computeConsentEnd(start: Date, months: number): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * Who answers an integration for an organization (ADR 47): the simulated institution, or the
 * aggregator whose keys a manager set. Pluggy answers Open Finance ('quanto'); Belvo, 'belvo'.
 */
export const configurableIntegrations = ['quanto', 'belvo'] as const satisfies readonly IntegrationConnector[];
export type ConfigurableIntegration = (typeof configurableIntegrations)[number];

/** The aggregator each configurable integration speaks to. */
export const aggregatorOfIntegration = { quanto: 'pluggy', belvo: 'belvo' } as const satisfies Record<
  ConfigurableIntegration,
  string
>;

const keyField = z.string().trim().max(200, 'Limite de 200 excedido');

export const OpenFinanceSettingsInputSchema = z
  .object({
    provider: z.enum(['simulated', 'pluggy', 'belvo'], { error: openBankingMessages.providerUnknown }),
    client_id: keyField.nullish(),
    client_secret: keyField.nullish(),
  })
  .superRefine((input, context) => {
    if (input.provider === 'simulated') return;
    for (const field of ['client_id', 'client_secret'] as const) {
      if (!input[field]) context.addIssue({ code: 'custom', path: [field], message: openBankingMessages.keysRequired });
    }
  });
export type OpenFinanceSettingsInput = z.infer<typeof OpenFinanceSettingsInputSchema>;
