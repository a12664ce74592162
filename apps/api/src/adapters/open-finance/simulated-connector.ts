import { type IntegrationConnector, widgetConsentMonths, widgetSharedKinds } from '@prumo/domain/open-banking/consent';
import { hashSecret } from '../../lib/secrets';
import { type OpenFinanceConnector, OpenFinanceProviderError } from './open-finance-connector';
import {
  claimSimulatorLink,
  createSimulatorConsent,
  exchangeSimulatorCode,
  findLedgerBankCode,
  listDirectoryOrganisations,
  listSimulatorAccounts,
  listSimulatorInvestments,
  listSimulatorLines,
  readSimulatorLink,
  revokeSimulatorConsent,
  type SimulatorDependencies,
  SimulatorError,
  simulatedBs2InstitutionId,
} from './simulated/index';

/** Lines a page, as Pluggy pages them (its largest page is 500). */
const linesPageSize = 500;

async function translateErrors<Result>(call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SimulatorError) throw new OpenFinanceProviderError(error.message, error.refused);
    throw error;
  }
}

/**
 * The embedded default (ADR 44): the simulated institution runs in this process under its own
 * schema, so a fresh install connects a bank with no outside account. Under the BS2 integration it
 * stands for the one bank BS2 is; under Open Finance, for the directory's other institutions.
 */
export function createSimulatedConnector(
  deps: SimulatorDependencies & { integration: IntegrationConnector },
): OpenFinanceConnector {
  const reachesInstitution = (id: string) => (id === simulatedBs2InstitutionId) === (deps.integration === 'bs2');
  return {
    provider: 'simulated',
    keyId: null,
    // The simulated bank has one customer, whoever signs in.
    needsHolderCpf: false,
    returnCarriesCode: true,
    async listParticipants() {
      const reached = listDirectoryOrganisations(deps.publicUrl).filter((organisation) =>
        reachesInstitution(organisation.OrganisationId),
      );
      return reached.map((organisation) => {
        const server = organisation.AuthorisationServers[0];
        return {
          id: organisation.OrganisationId,
          name: server?.CustomerFriendlyName ?? organisation.OrganisationName,
          registrationNumber: organisation.RegistrationNumber,
          logoUri: server?.CustomerFriendlyLogoUri ?? null,
          bankCode: findLedgerBankCode(organisation.OrganisationId),
        };
      });
    },
    async startSession({ clientReference }) {
      // The simulated bank has one customer; the reference only has to be stable per person.
      return { externalUserId: `simulado-${hashSecret(clientReference).slice(0, 16)}` };
    },
    async createConsent(request) {
      if (!reachesInstitution(request.participantId)) throw new OpenFinanceProviderError('Unknown participant.', true);
      return translateErrors(() => createSimulatorConsent(deps, request));
    },
    async exchangeCode({ consentId, code }) {
      if (code === null) throw new OpenFinanceProviderError('The bank returns a code.', true);
      return translateErrors(() => exchangeSimulatorCode(deps.db, { consentId, code }));
    },
    // The simulated bank's own pages stand for the aggregator's widget: login, code, review.
    async openWidget({ participantId, externalId, redirectUri }) {
      if (!reachesInstitution(participantId)) throw new OpenFinanceProviderError('Unknown participant.', true);
      const { consentId, authorizationUrl } = await translateErrors(() =>
        createSimulatorConsent(deps, {
          participantId,
          permissions: [...widgetSharedKinds],
          months: widgetConsentMonths,
          redirectUri,
          state: '',
          externalId,
        }),
      );
      // A widget's token lives ten minutes, as Belvo's does.
      return { accessToken: consentId, expiresAt: new Date(Date.now() + 10 * 60_000), widgetUrl: authorizationUrl };
    },
    readLink: ({ linkId }) => translateErrors(() => readSimulatorLink(deps.db, linkId)),
    claimLink: ({ linkId }) => translateErrors(() => claimSimulatorLink(deps.db, linkId)),
    listAccounts: ({ accessToken }) => translateErrors(() => listSimulatorAccounts(deps.db, accessToken)),
    async listTransactions({ accessToken, accountId, from, page }) {
      const found = await translateErrors(() =>
        listSimulatorLines(deps.db, { accessToken, accountId, from, page, pageSize: linesPageSize }),
      );
      return {
        totalPages: found.totalPages,
        lines: found.results.map((line) => ({
          id: line.id,
          date: line.date,
          amountCents: line.amountCents,
          description: line.description,
          status: line.status === 'PENDING' ? 'pending' : 'booked',
        })),
      };
    },
    listInvestments: ({ accessToken }) => translateErrors(() => listSimulatorInvestments(deps.db, accessToken)),
    revokeConsent: (input) => translateErrors(() => revokeSimulatorConsent(deps.db, input)),
  };
}
