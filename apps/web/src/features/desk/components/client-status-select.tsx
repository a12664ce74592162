import { Select } from '@mantine/core';
import { type ClientStatus, clientStatuses, clientStatusLabels } from '@prumo/domain/clients/client-status';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useChangeClientStatus } from '../api/change-client-status';

const statusOptions = clientStatuses.map((status) => ({ value: status, label: clientStatusLabels[status] }));

/** The planner's standing with a client: Ativo, Em pausa, Encerrado (ADR 33). */
export function ClientStatusSelect({
  clientId,
  clientName,
  status,
}: {
  clientId: number;
  clientName: string;
  status: ClientStatus;
}) {
  const change = useChangeClientStatus();
  return (
    <Select
      aria-label={`Situação de ${clientName}`}
      data={statusOptions}
      value={status}
      size="xs"
      w={130}
      allowDeselect={false}
      disabled={change.isPending}
      onChange={(value) => {
        if (!value || value === status) return;
        const next = value as ClientStatus;
        change.mutate(
          { clientId, status: next },
          {
            onSuccess: () => notifySuccess(`${clientName}: ${clientStatusLabels[next]}`),
            onError: (error) => {
              notifyMutationError(error);
            },
          },
        );
      }}
    />
  );
}
