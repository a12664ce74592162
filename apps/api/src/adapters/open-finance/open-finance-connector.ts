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
}

export interface ConsentRequest {
  participantId: string;
  permissions: readonly SharedDataKind[];
  months: number;
  /** Prumo's callback page, from the configured public address (never a request's Host). */
  redirectUri: string;
  /** Random and single-use: the bank sends it back unchanged beside the code. */
  state: string;
}

export interface StartedConsent {
  consentId: string;
  /** Where the person signs in at the bank and reviews what is shared. */
  authorizationUrl: string;
}

export interface GrantedConsent {
  accessToken: string;
  expiresAt: Date;
}

/**
 * One interface for every provider. Each method throws `OpenFinanceProviderError` when the provider
 * refuses or answers something Prumo cannot read; it never returns a half-read answer.
 */
export interface OpenFinanceConnector {
  readonly provider: OpenFinanceProvider;
  listParticipants(): Promise<Participant[]>;
  /** Registers the person with the provider (idempotent): the provider's reference for them. */
  startSession(input: { clientReference: string }): Promise<{ externalUserId: string }>;
  createConsent(request: ConsentRequest): Promise<StartedConsent>;
  /** Trades the code the bank returned for access to the data, once. */
  exchangeCode(input: { consentId: string; code: string }): Promise<GrantedConsent>;
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
