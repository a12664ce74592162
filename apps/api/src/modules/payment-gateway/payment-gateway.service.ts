import type { CardGatewayProvider, GatewaySettings, PublicGateway } from '@prumo/contract/payment-gateway';
import { findInvalidTextPath, isNestedTooDeeply } from '@prumo/domain/records/input-text';
import { z } from 'zod';
import { CardGatewayError, type RecipientInput } from '../../adapters/card-gateway/card-gateway';
import {
  encryptSecretKey,
  findOrCreateGatewaySettings,
  findTokenizeUrl,
  type GatewaySettingsRow,
  provisionSandboxKeys,
  recordGatewayRecipient,
  writeGatewaySettings,
} from '../../adapters/card-gateway/gateway-settings';
import { resolveCardGateway } from '../../adapters/card-gateway/resolve-card-gateway';
import { readSandboxKeySet } from '../../adapters/card-gateway/sandbox/index';
import {
  type JsonWebKeySet,
  parseSignatureHeader,
  verifyWebhookBody,
} from '../../adapters/card-gateway/webhook-signature';
import type { AppDependencies } from '../../dependencies';
import type { JobDefinition } from '../../jobs/define-job';
import type { JobRunner } from '../../jobs/job-runner';
import { fail, failInvalid, failNotFound, failOnFields } from '../../lib/domain-errors';
import type { Caller } from '../../plugins/authentication';
import { findExistingOrganization } from '../organizations/index';
import { findBankDataChangedAt, findDefaultBankAccount, listManagingPartners } from '../plans/index';
import type { GatewayEventJobData } from './gateway-events';
import { loadPagarmeKeySet } from './pagarme-webhook-keys';
import { findEventByGatewayId, insertEventOnce } from './payment-gateway.repo';

export const paymentGatewayMessages = {
  publicKeyRequired: 'Informe a chave pública.',
  publicKeyInvalid: 'Chave pública inválida: a do Pagar.me começa com pk_.',
  secretKeyRequired: 'Informe a chave secreta.',
  secretKeyInvalid: 'Chave secreta inválida: a do Pagar.me começa com sk_.',
  signatureMissing: 'Assinatura do webhook ausente ou malformada.',
  signatureInvalid: 'Assinatura do webhook inválida.',
  eventInvalid: 'Evento do webhook inválido.',
  pagarmeWebhooksOff: 'O recebimento de webhooks do Pagar.me não está configurado.',
  providerUnknown: 'Gateway de pagamento desconhecido.',
  eventReceived: 'Evento recebido.',
  recipientNeedsBankAccount: 'Cadastre a conta bancária da organização antes de enviar os dados ao gateway.',
  recipientNeedsPartner: 'Cadastre ao menos um sócio administrador antes de enviar os dados ao gateway.',
  recipientRefused:
    'O gateway recusou os dados do recebedor. Confira a conta bancária padrão e os sócios administradores.',
  keysRefused: 'O gateway recusou as chaves da organização. Confira a chave secreta em Gateway de pagamento.',
  gatewayUnavailable: 'Gateway de pagamento indisponível. Tente novamente mais tarde.',
};

// ——— Settings ———

async function presentSettings(deps: AppDependencies, row: GatewaySettingsRow): Promise<GatewaySettings> {
  let recipient: GatewaySettings['recipient'] = null;
  if (row.recipientId && row.recipientSyncedAt) {
    const changedAt = await findBankDataChangedAt(deps, row.organizationId);
    recipient = {
      id: row.recipientId,
      synced_at: row.recipientSyncedAt.toISOString(),
      outdated: changedAt !== null && changedAt > row.recipientSyncedAt,
    };
  }
  return {
    provider: row.provider as CardGatewayProvider,
    public_key: row.publicKey,
    has_secret_key: row.secretKeyCiphertext.length > 0,
    recipient,
  };
}

export async function readGatewaySettings(deps: AppDependencies, caller: Caller): Promise<GatewaySettings> {
  return presentSettings(deps, await findOrCreateGatewaySettings(deps, caller.organizationId));
}

export interface GatewaySettingsChange {
  provider: CardGatewayProvider;
  public_key?: string | null;
  secret_key?: string | null;
}

const pagarmePublicKey = /^pk_[A-Za-z0-9_]{8,190}$/;
const pagarmeSecretKey = /^sk_[A-Za-z0-9_]{8,190}$/;

/**
 * Switches the organization's gateway or changes its keys. The sandbox's keys are Prumo's own:
 * choosing it keeps the organization's sandbox account, or opens a new one when coming back from
 * Pagar.me (keys sent with it are not used). Pagar.me needs its public key, and its secret key the
 * first time; later a blank secret keeps the stored one.
 */
export async function changeGatewaySettings(
  deps: AppDependencies,
  caller: Caller,
  change: GatewaySettingsChange,
): Promise<GatewaySettings> {
  const current = await findOrCreateGatewaySettings(deps, caller.organizationId);
  if (change.provider === 'sandbox') {
    if (current.provider === 'sandbox') return presentSettings(deps, current);
    const keys = await provisionSandboxKeys(deps.db, deps.config, caller.organizationId);
    return presentSettings(deps, await writeGatewaySettings(deps.db, caller.organizationId, keys));
  }
  const publicKey = change.public_key?.trim() ?? '';
  const secretKey = change.secret_key?.trim() ?? '';
  const fieldErrors: Record<string, string[]> = {};
  if (!publicKey) fieldErrors.public_key = [paymentGatewayMessages.publicKeyRequired];
  else if (!pagarmePublicKey.test(publicKey)) fieldErrors.public_key = [paymentGatewayMessages.publicKeyInvalid];
  const keepsSecret = !secretKey && current.provider === 'pagarme';
  if (!secretKey && !keepsSecret) fieldErrors.secret_key = [paymentGatewayMessages.secretKeyRequired];
  else if (secretKey && !pagarmeSecretKey.test(secretKey))
    fieldErrors.secret_key = [paymentGatewayMessages.secretKeyInvalid];
  if (Object.keys(fieldErrors).length > 0) failOnFields(fieldErrors);
  const secretKeyCiphertext = keepsSecret
    ? current.secretKeyCiphertext
    : await encryptSecretKey(deps.config, caller.organizationId, secretKey);
  const saved = await writeGatewaySettings(
    deps.db,
    caller.organizationId,
    { provider: 'pagarme', publicKey, secretKeyCiphertext },
    // The same Pagar.me account (same keys) still knows the recipient it made.
    { keepsRecipient: current.provider === 'pagarme' && keepsSecret && publicKey === current.publicKey },
  );
  return presentSettings(deps, saved);
}

// ——— Recipient ———

/** The organization as its gateway's recipient: its default bank account and its managing partners. */
async function buildRecipientInput(deps: AppDependencies, caller: Caller): Promise<RecipientInput> {
  const [bankAccount, partners, { organization }] = await Promise.all([
    findDefaultBankAccount(deps, caller.organizationId),
    listManagingPartners(deps, caller.organizationId),
    findExistingOrganization(deps, caller.organizationSlug),
  ]);
  if (!bankAccount) failInvalid(paymentGatewayMessages.recipientNeedsBankAccount);
  // The gateway knows who answers for the account (and a company's partners for its register).
  const [firstPartner] = partners;
  if (!firstPartner) failInvalid(paymentGatewayMessages.recipientNeedsPartner);
  const isCompany = bankAccount.holder_type === 'company';
  return {
    code: String(caller.organizationId),
    name: isCompany ? organization.corporateName : bankAccount.holder_name,
    email: firstPartner.email,
    document: bankAccount.holder_document,
    type: bankAccount.holder_type,
    bankAccount: {
      holderName: bankAccount.holder_name,
      holderType: bankAccount.holder_type,
      holderDocument: bankAccount.holder_document,
      bank: bankAccount.bank,
      branchNumber: bankAccount.branch_number,
      branchCheckDigit: bankAccount.branch_check_digit,
      accountNumber: bankAccount.account_number,
      accountCheckDigit: bankAccount.account_check_digit,
      type: bankAccount.type,
    },
    managingPartners: isCompany
      ? partners.map((partner) => ({
          name: partner.name,
          email: partner.email,
          document: partner.cpf,
          birthdate: partner.birthdate,
          phone: partner.phone,
          address: {
            street: partner.address.street,
            streetNumber: partner.address.street_number,
            complementary: partner.address.complementary,
            neighborhood: partner.address.neighborhood,
            city: partner.address.city,
            state: partner.address.state,
            zipcode: partner.address.zipcode,
          },
        }))
      : [],
  };
}

function failOnGatewayError(error: unknown): never {
  if (!(error instanceof CardGatewayError)) throw error;
  if (error.kind === 'unauthorized') failInvalid(paymentGatewayMessages.keysRefused);
  if (error.kind === 'unavailable') fail('unavailable', paymentGatewayMessages.gatewayUnavailable);
  failInvalid(paymentGatewayMessages.recipientRefused);
}

/**
 * Sends the organization's bank data to its gateway: the first time it becomes the gateway's
 * recipient; later the recipient's default bank account follows the organization's. A recipient the
 * gateway no longer knows is made again.
 */
export async function sendGatewayRecipient(
  deps: AppDependencies,
  jobs: JobRunner,
  caller: Caller,
): Promise<GatewaySettings> {
  const settings = await findOrCreateGatewaySettings(deps, caller.organizationId);
  const input = await buildRecipientInput(deps, caller);
  // Read before sending: a change saved while the gateway answers shows as not yet sent.
  const syncedAt = new Date();
  const gateway = await resolveCardGateway({ ...deps, jobs }, caller.organizationId);
  let recipientId: string;
  try {
    recipientId = (await gateway.saveRecipient(input, settings.recipientId)).id;
  } catch (error) {
    if (!(error instanceof CardGatewayError && error.kind === 'notFound' && settings.recipientId)) {
      failOnGatewayError(error);
    }
    recipientId = await gateway.saveRecipient(input, null).then(
      (recipient) => recipient.id,
      (retryError: unknown) => failOnGatewayError(retryError),
    );
  }
  return presentSettings(
    deps,
    await recordGatewayRecipient(deps.db, caller.organizationId, { id: recipientId, syncedAt }),
  );
}

/** What a visitor's browser needs to tokenize a card for the organization (its slug). */
export async function findPublicGateway(deps: AppDependencies, slug: string): Promise<PublicGateway> {
  const { organization } = await findExistingOrganization(deps, slug);
  const settings = await findOrCreateGatewaySettings(deps, organization.id);
  const provider = settings.provider as CardGatewayProvider;
  return { provider, public_key: settings.publicKey, tokenize_url: findTokenizeUrl(deps.config, provider) };
}

// ——— Webhooks ———

const providers: readonly string[] = ['sandbox', 'pagarme'];

const WebhookEventSchema = z.object({
  id: z.string().regex(/^hook_[A-Za-z0-9_-]{1,120}$/),
  type: z.string().min(1).max(120),
  created_at: z.iso.datetime({ offset: true, local: true }).optional(),
  account: z.looseObject({ id: z.string().max(120) }).nullish(),
  data: z.unknown(),
});

async function loadKeySet(deps: AppDependencies, provider: CardGatewayProvider, refresh: boolean) {
  if (provider === 'sandbox') return readSandboxKeySet(deps.db);
  let keySet: JsonWebKeySet | null;
  try {
    keySet = await loadPagarmeKeySet(deps.config, { refresh });
  } catch {
    // Pagar.me retries a webhook that was not acknowledged: a key set out of reach now is a later retry.
    fail('unavailable', paymentGatewayMessages.pagarmeWebhooksOff);
  }
  if (!keySet) fail('unavailable', paymentGatewayMessages.pagarmeWebhooksOff);
  return keySet;
}

function readCreatedAt(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A webhook as the gateway sent it: its signature is checked on the raw body against the gateway's
 * key set before anything is read or stored. A new event id is stored and its job queued; a repeat
 * of a stored one changes nothing (its job is queued again only while it is not yet processed, and
 * the job applies an event once).
 */
export async function receiveGatewayWebhook(
  deps: AppDependencies,
  jobs: JobRunner,
  eventJob: JobDefinition<GatewayEventJobData>,
  input: { provider: string; rawBody: Buffer; signatureHeader: string | undefined },
): Promise<{ detail: string }> {
  if (!providers.includes(input.provider)) failNotFound(paymentGatewayMessages.providerUnknown);
  const provider = input.provider as CardGatewayProvider;
  const signature = parseSignatureHeader(input.signatureHeader);
  if (!signature) failInvalid(paymentGatewayMessages.signatureMissing);
  let verified = verifyWebhookBody(input.rawBody, signature, await loadKeySet(deps, provider, false));
  if (!verified && provider === 'pagarme') {
    verified = verifyWebhookBody(input.rawBody, signature, await loadKeySet(deps, provider, true));
  }
  if (!verified) fail('unauthenticated', paymentGatewayMessages.signatureInvalid);
  let parsed: z.infer<typeof WebhookEventSchema>;
  try {
    const body: unknown = JSON.parse(input.rawBody.toString('utf8'));
    // What PostgreSQL cannot keep in a JSON column (a NUL, half of a surrogate pair, nesting past
    // any event's) is no event Prumo can store: refused like any other malformed one.
    if (isNestedTooDeeply(body) || findInvalidTextPath(body) !== null) throw new Error('unstorable event');
    parsed = WebhookEventSchema.parse(body);
  } catch {
    failInvalid(paymentGatewayMessages.eventInvalid);
  }
  const inserted = await insertEventOnce(deps.db, {
    provider,
    eventId: parsed.id,
    type: parsed.type,
    accountId: parsed.account?.id ?? null,
    data: parsed.data ?? {},
    occurredAt: readCreatedAt(parsed.created_at),
  });
  if (inserted) {
    await jobs.send(eventJob, { eventRowId: inserted.id }, { id: inserted.id });
  } else {
    const stored = await findEventByGatewayId(deps.db, provider, parsed.id);
    // A first try whose job was lost (a crash between the row and the job) gets one again. The job
    // keeps the event's id, so replays of a stored event queue it at most once.
    if (stored && !stored.processedAt) await jobs.send(eventJob, { eventRowId: stored.id }, { id: stored.id });
  }
  return { detail: paymentGatewayMessages.eventReceived };
}
