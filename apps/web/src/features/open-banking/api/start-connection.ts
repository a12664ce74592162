import type { StartedConsent } from '@prumo/contract/open-banking';
import type { ConsentMonths, IntegrationConnector, SharedDataKind } from '@prumo/domain/open-banking/consent';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export interface ConnectionRequest {
  participantId: string;
  /** The integration that reaches the institution (the participant's `connector`). */
  connector: IntegrationConnector;
  permissions: SharedDataKind[];
  months: ConsentMonths;
}

/**
 * Registers the client with the institution's integration (POST users/session/ for Open Finance,
 * integration/start-session/bs2/ for BS2), then asks the bank for the consent (POST
 * users/consents/): the answer says where the person authorises it.
 */
export async function startConnection(request: ConnectionRequest): Promise<StartedConsent> {
  const sessionPath =
    request.connector === 'quanto'
      ? 'open-banking/v2/users/session/'
      : `integration/start-session/${request.connector}/`;
  await requestApi(sessionPath, {
    method: 'POST',
    body: { client_metadata: { platform: 'BROWSER', os: navigator.platform.slice(0, 60) } },
  });
  return requestApi<StartedConsent>('open-banking/v2/users/consents/', {
    method: 'POST',
    body: {
      participant_id: request.participantId,
      connector: request.connector,
      permissions: request.permissions,
      months: request.months,
    },
  });
}

export function useStartConnection() {
  return useMutation({
    mutationFn: startConnection,
    // To the bank: its login and consent pages, then back to callback-opb (bs2-callback for BS2).
    onSuccess: (started) => window.location.assign(started.authorization_url),
  });
}
