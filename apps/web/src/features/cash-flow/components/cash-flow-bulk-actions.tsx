import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { deleteLineMessages } from '../api/delete-cash-flow-line';
import { useDeleteCashFlowLines } from '../api/delete-cash-flow-lines';
import { editLineFailedMessage } from '../api/update-cash-flow-line';
import { useUpdateCashFlowLines } from '../api/update-cash-flow-lines';
import { DescriptionSelect } from './description-select';

function describeCount(count: number): string {
  return count === 1 ? '1 transação selecionada' : `${count} transações selecionadas`;
}

/** Categorize, ignore or delete the selected lines at once (cash-flows/). */
export function CashFlowBulkActions({ selectedIds, onDone }: { selectedIds: ReadonlySet<number>; onDone: () => void }) {
  const update = useUpdateCashFlowLines();
  const remove = useDeleteCashFlowLines();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const ids = [...selectedIds];
  const busy = update.isPending || remove.isPending;

  const notifyEditFailure = (error: unknown) => {
    notifyMutationError(error, editLineFailedMessage);
  };

  return (
    <Paper withBorder p="sm" bg="var(--mantine-primary-color-light)" role="region" aria-label="Ações em lote">
      <Group gap="sm" align="flex-end">
        <Text size="sm" fw={600} mb={6}>
          {describeCount(ids.length)}
        </Text>
        <DescriptionSelect
          label="Categorizar selecionadas"
          placeholder="Escolha a descrição"
          size="xs"
          w={260}
          value={null}
          clearable={false}
          disabled={busy}
          onChange={(description) => {
            if (!description) return;
            update.mutate(
              { ids, changes: { category: description.category, description: description.id } },
              {
                onSuccess: ({ updated }) => {
                  notifySuccess(updated === 1 ? '1 transação categorizada' : `${updated} transações categorizadas`);
                  onDone();
                },
                onError: notifyEditFailure,
              },
            );
          }}
        />
        <Button
          size="xs"
          variant="default"
          disabled={busy}
          onClick={() =>
            update.mutate(
              { ids, changes: { ignored: true } },
              {
                onSuccess: () => {
                  notifySuccess('Transações ignoradas');
                  onDone();
                },
                onError: notifyEditFailure,
              },
            )
          }
        >
          Ignorar selecionadas
        </Button>
        <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => setConfirmingDelete(true)}>
          Excluir selecionadas
        </Button>
        <Button size="xs" variant="subtle" disabled={busy} onClick={onDone}>
          Limpar seleção
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirmingDelete}
        title="Excluir transações"
        message={`${describeCount(ids.length)} ${ids.length === 1 ? 'será excluída' : 'serão excluídas'}.`}
        confirmLabel="Excluir"
        danger
        loading={remove.isPending}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={() =>
          remove.mutate(ids, {
            onSuccess: (answer) => {
              setConfirmingDelete(false);
              notifySuccess(answer.detail || deleteLineMessages.deleted);
              onDone();
            },
            onError: (error) => {
              setConfirmingDelete(false);
              notifyMutationError(error, deleteLineMessages.failed);
            },
          })
        }
      />
    </Paper>
  );
}
