import type { SharedDataKind } from '@prumo/domain/open-banking/consent';

/** Who brings a client's bank data to Prumo (ADR 44): the embedded simulated institution, Pluggy or Belvo. */
export type OpenFinanceProvider = 'simulated' | 'pluggy' | 'belvo';

/** An institution of the Open Finance directory, as the connector offers it. */
export interface Participant {
  id: string;
  name: string;
  /** The institution's CNPJ, digits only. */
  registrationNumber: string;
  logoUri: string | null;
  /** Its COMPE code (3 digits), when the provider knows it: the widget flow chooses a bank by it. */
  bankCode: string | null;
}

export interface ConsentRequest {
  participantId: string;
  permissions: readonly SharedDataKind[];
  months: number;
  /** Prumo's callback page, from the configured public address (never a request's Host). */
  redirectUri: string;
  /** Random and single-use: the bank sends it back unchanged beside the code. */
  state: string;
  /** The account holder the consent is for (Pluggy ties it to their CPF). */
  holder: { name: string; cpf: string | null };
}

export interface StartedConsent {
  consentId: string;
  /** Where the person signs in at the bank and reviews what is shared. */
  authorizationUrl: string;
}

/** The provider's own consent widget, opened for one institution. */
export interface OpenedWidget {
  /** The widget's short-lived token (not a secret of Prumo's: the browser opens the widget with it). */
  accessToken: string;
  expiresAt: Date;
  widgetUrl: string;
}

export interface GrantedConsent {
  accessToken: string;
  /** The consent's end as the provider reports it; null when it does not say (the term asked for counts). */
  expiresAt: Date | null;
}

/** An account or card at the institution, with what identifies it in a statement file too. */
export interface ConnectorAccount {
  id: string;
  kind: 'checking' | 'credit_card';
  name: string;
  bankCode: string;
  branch: string;
  number: string;
  balanceCents: number;
  creditLimitCents: number | null;
}

/** A line as the institution reports it: pending lines may change or vanish before they are booked. */
export interface ConnectorLine {
  id: string;
  date: string;
  amountCents: number;
  description: string;
  status: 'pending' | 'booked';
}

export interface ConnectorInvestment {
  id: string;
  kind: 'fixed-income' | 'investment-funds' | 'private-pension' | 'stocks' | 'coe' | 'pension';
  name: string;
  balanceCents: number;
  grossBalanceCents: number;
  cnpj: string | null;
}

/**
 * One interface for every provider. Each method throws `OpenFinanceProviderError` when the provider
 * refuses or answers something Prumo cannot read; it never returns a half-read answer.
 */
export interface OpenFinanceConnector {
  readonly provider: OpenFinanceProvider;
  /** The aggregator's key id it speaks with (null for the simulated institution): a connection keeps to it. */
  readonly keyId: string | null;
  listParticipants(): Promise<Participant[]>;
  /** Registers the person with the provider (idempotent): the provider's reference for them. */
  startSession(input: { clientReference: string }): Promise<{ externalUserId: string }>;
  createConsent(request: ConsentRequest): Promise<StartedConsent>;
  /**
   * Trades the code the bank returned for access to the data, once; a provider that completes the
   * exchange itself (`returnCarriesCode` false) is asked whether the person authorised.
   */
  exchangeCode(input: { consentId: string; code: string | null }): Promise<GrantedConsent>;
  /** Whether the bank's return to Prumo carries a code: without one, a return with no code is not a refusal. */
  readonly returnCarriesCode: boolean;
  listAccounts(input: { accessToken: string }): Promise<ConnectorAccount[]>;
  /** One page (from 1) of an account's lines from `from` (a day), oldest first. */
  listTransactions(input: {
    accessToken: string;
    accountId: string;
    from: string;
    page: number;
  }): Promise<{ totalPages: number; lines: ConnectorLine[] }>;
  listInvestments(input: { accessToken: string }): Promise<ConnectorInvestment[]>;
  /**
   * Opens the provider's own consent widget for one institution (an aggregator's hosted widget):
   * the person chooses there what to share and for how long, and returns to `redirectUri` with
   * the link the widget made. The link carries `externalId` back, which ties it to this request.
   */
  openWidget(request: {
    participantId: string;
    externalId: string;
    redirectUri: string;
    /** The account holder the consent is for (Belvo ties it to their CPF). */
    holder: { name: string; cpf: string | null };
  }): Promise<OpenedWidget>;
  /** Whether a consent or widget needs the holder's CPF: the service asks for it first, in pt-BR. */
  readonly needsHolderCpf: boolean;
  /**
   * A link the widget made: the external id it carries and the institution it reaches; null when
   * the provider knows no such link, or it is not valid.
   */
  readLink(input: { linkId: string }): Promise<{ externalId: string; institution: string } | null>;
  /**
   * Takes a valid link as the access to its data (for the simulated bank, once), with the consent's
   * real end where the provider reports it (Belvo finds it by the holder's CPF).
   */
  claimLink(input: { linkId: string; holder: { name: string; cpf: string | null } }): Promise<GrantedConsent>;
  /** Ends the consent at the provider; a consent already ended answers as done. */
  revokeConsent(input: { consentId: string; accessToken: string }): Promise<void>;
}

/** The provider refused, failed or answered something unreadable: a status on the connection, never a 500. */
export class OpenFinanceProviderError extends Error {
  constructor(
    message: string,
    /** The provider said the code or consent is not valid (the person's doing), not that it failed. */
    readonly refused = false,
  ) {
    super(message);
    this.name = 'OpenFinanceProviderError';
  }
}

/** The provider is still bringing the bank's data: nothing failed, the sync is tried again later. */
export class OpenFinanceNotReadyError extends OpenFinanceProviderError {
  constructor(message: string) {
    super(message);
    this.name = 'OpenFinanceNotReadyError';
  }
}
