import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Select, Stack, Text } from '@mantine/core';
import type { PlannerRecord } from '@prumo/contract/profiles';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { describeError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { formatPersonName } from '../../../lib/persona';
import { useChangePlanner } from '../api/change-planner';
import { useAllClientsOfPlanner } from '../api/get-clients';
import { useAllPlanners } from '../api/get-planners';

function countClients(count: number): string {
  return count === 1 ? '1 cliente' : `${count} clientes`;
}

/** Chooses some (or all) of a planner's clients and the active planner they all go to, in one call. */
export function MoveClientsModal({ planner, onClose }: { planner: PlannerRecord; onClose: () => void }) {
  const clients = useAllClientsOfPlanner(planner.user.id, true);
  const planners = useAllPlanners(true);
  const changePlanner = useChangePlanner();
  const [chosen, setChosen] = useState<ReadonlySet<number> | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const name = formatPersonName(planner.user);
  const book = clients.data ?? [];
  // Every client is chosen until the manager changes the choice.
  const selected = chosen ?? new Set(book.map((client) => client.user.id));
  const targets = (planners.data ?? [])
    .filter((other) => other.user.id !== planner.user.id)
    .map((other) => ({ value: String(other.user.id), label: formatPersonName(other.user) }));

  const toggle = (clientId: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(clientId);
    else next.delete(clientId);
    setChosen(next);
  };

  const move = () => {
    if (!target || selected.size === 0) return;
    const targetName = targets.find((option) => option.value === target)?.label ?? '';
    changePlanner.mutate(
      { clients: [...selected], planner: Number(target) },
      {
        onSuccess: (answer) => {
          notifySuccess(`${countClients(answer.moved)} de ${name} agora com ${targetName}`);
          onClose();
        },
        onError: (error) => notifyMutationError(error),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Mover clientes de ${name}`} centered size="lg">
      {clients.isPending ? (
        <PageLoader label="Carregando clientes…" />
      ) : clients.isError ? (
        <Alert color="red" title="Não foi possível carregar os clientes">
          {describeError(clients.error)}
        </Alert>
      ) : book.length === 0 ? (
        <Text size="sm">{name} não tem clientes.</Text>
      ) : (
        <Stack gap="md">
          <Checkbox
            label={`Todos os clientes (${book.length})`}
            checked={selected.size === book.length}
            indeterminate={selected.size > 0 && selected.size < book.length}
            onChange={(event) =>
              setChosen(new Set(event.currentTarget.checked ? book.map((client) => client.user.id) : []))
            }
          />
          <ScrollArea.Autosize mah={280} type="auto">
            <Stack gap="xs" role="group" aria-label="Clientes a mover">
              {book.map((client) => (
                <Checkbox
                  key={client.user.id}
                  label={formatPersonName(client.user)}
                  description={client.user.email}
                  checked={selected.has(client.user.id)}
                  onChange={(event) => toggle(client.user.id, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Select
            label="Novo planejador"
            placeholder={planners.isPending ? 'Carregando…' : 'Escolha o planejador'}
            data={targets}
            value={target}
            onChange={setTarget}
            nothingFoundMessage="Nenhum outro planejador ativo"
            searchable
            allowDeselect={false}
          />
          {!planners.isPending && targets.length === 0 ? (
            <Text size="sm" c="dimmed">
              Não há outro planejador ativo. Convide um planejador antes de mover os clientes.
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={changePlanner.isPending}>
              Cancelar
            </Button>
            <Button onClick={move} loading={changePlanner.isPending} disabled={!target || selected.size === 0}>
              Mover {countClients(selected.size)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
