import { ActionIcon, Badge, Button, Group, Menu, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReminderWithOccurrences } from '@prumo/contract/reminders';
import { formatBrazilianDate, parseBrazilianDate } from '@prumo/domain/br/date';
import { formatCents, readTypedCents } from '@prumo/domain/money/cents';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { SectionHeader } from '../../../components/section-header';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { describeError } from '../../../lib/errors';
import { formatDateMask } from '../../../lib/format';
import { createFormMutationErrorHandler, notifyMutationError } from '../../../lib/mutation-errors';
import { notifyInfo, notifySuccess } from '../../../lib/notifications';
import {
  type ReminderFields,
  useChangeReminder,
  useCreateReminder,
  useDeleteReminder,
  useRecommendReminders,
} from '../api/change-reminders';
import { useReminders } from '../api/get-reminders';

const periodicityLabels = { MONTHLY: 'Todo mês', YEARLY: 'Todo ano' } as const;

/**
 * 'Lembretes de contas': the bills the client expects, with their next due date (a paid one moves to
 * the next), and the proposals found in Meu caixa's recurring lines, to accept or dismiss.
 */
export function RemindersPanel() {
  const reminders = useReminders();
  const readOnly = useIsReadOnlyClientView();
  const recommend = useRecommendReminders();
  const [editing, setEditing] = useState<ReminderWithOccurrences | 'new' | null>(null);

  const findRecurringBills = () =>
    recommend.mutate(undefined, {
      onSuccess: (proposals) =>
        proposals.length === 0
          ? notifyInfo('Nenhuma conta recorrente nova encontrada no seu caixa.')
          : notifySuccess(proposals.length === 1 ? '1 lembrete sugerido' : `${proposals.length} lembretes sugeridos`),
      onError: (error) => notifyMutationError(error),
    });

  const list = reminders.data ?? [];
  const proposals = list.filter((reminder) => reminder.status === 'PROPOSED');
  const active = list.filter((reminder) => reminder.status === 'ACTIVE');
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Lembretes de contas"
        description="Avisamos por e-mail 3 dias antes do vencimento; uma conta paga sai da lista até o próximo mês."
        actions={
          readOnly ? null : (
            <Group gap="xs">
              <Button size="xs" variant="light" loading={recommend.isPending} onClick={findRecurringBills}>
                Sugerir pelo meu caixa
              </Button>
              <Button size="xs" onClick={() => setEditing('new')}>
                Novo lembrete
              </Button>
            </Group>
          )
        }
      />
      {reminders.isError ? (
        <ErrorState message={describeError(reminders.error)} onRetry={() => reminders.refetch()} />
      ) : null}
      <Stack gap="sm">
        {proposals.length > 0 ? (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Sugestões do seu caixa
            </Text>
            {proposals.map((proposal) => (
              <ProposalRow key={proposal.id} proposal={proposal} readOnly={readOnly} />
            ))}
          </Stack>
        ) : null}
        {reminders.data && active.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum lembrete ainda. Crie um para o aluguel, o condomínio ou a escola, ou peça sugestões a partir das
            contas que se repetem no seu caixa.
          </Text>
        ) : null}
        {active.map((reminder) => (
          <Group key={reminder.id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {reminder.title}
              </Text>
              <Text size="xs" c="dimmed">
                {periodicityLabels[reminder.periodicity]}
                {reminder.next_occurrence
                  ? ` · próximo vencimento ${formatBrazilianDate(reminder.next_occurrence)}`
                  : ' · sem vencimentos pela frente'}
                {reminder.amount === null ? '' : ` · ${formatCents(reminder.amount)}`}
              </Text>
            </Stack>
            {readOnly ? null : <ReminderActions reminder={reminder} onEdit={() => setEditing(reminder)} />}
          </Group>
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Novo lembrete' : 'Editar lembrete'}
        centered
      >
        {editing === null ? null : (
          <ReminderForm reminder={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Paper>
  );
}

function ProposalRow({ proposal, readOnly }: { proposal: ReminderWithOccurrences; readOnly: boolean }) {
  const change = useChangeReminder();
  const remove = useDeleteReminder();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {proposal.title}{' '}
          <Badge size="xs" variant="light">
            Sugestão
          </Badge>
        </Text>
        <Text size="xs" c="dimmed">
          {periodicityLabels[proposal.periodicity]} · próximo em {formatBrazilianDate(proposal.reminder_date)}
          {proposal.amount === null ? '' : ` · cerca de ${formatCents(proposal.amount)}`}
        </Text>
      </Stack>
      {readOnly ? null : (
        <Group gap="xs">
          <Button
            size="xs"
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { id: proposal.id, changes: { status: 'ACTIVE' } },
                { onSuccess: () => notifySuccess('Lembrete criado'), onError: (error) => notifyMutationError(error) },
              )
            }
          >
            Aceitar
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(proposal.id, {
                onSuccess: () => notifySuccess('Sugestão dispensada'),
                onError: (error) => notifyMutationError(error),
              })
            }
          >
            Dispensar
          </Button>
        </Group>
      )}
    </Group>
  );
}

function ReminderActions({ reminder, onEdit }: { reminder: ReminderWithOccurrences; onEdit: () => void }) {
  const remove = useDeleteReminder();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Ações do lembrete ${reminder.title}`}>
          ⋮
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>Editar</Menu.Item>
        <Menu.Item
          color="red"
          onClick={() =>
            remove.mutate(reminder.id, {
              onSuccess: () => notifySuccess('Lembrete apagado'),
              onError: (error) => notifyMutationError(error),
            })
          }
        >
          Apagar
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

interface ReminderValues {
  title: string;
  date: string;
  periodicity: 'MONTHLY' | 'YEARLY';
  amount: string;
}

const formFields = ['title', 'reminder_date', 'periodicity', 'amount'];

function ReminderForm({ reminder, onDone }: { reminder: ReminderWithOccurrences | null; onDone: () => void }) {
  const create = useCreateReminder();
  const change = useChangeReminder();
  const form = useForm<ReminderValues>({
    initialValues: {
      title: reminder?.title ?? '',
      date: reminder ? formatBrazilianDate(reminder.reminder_date) : '',
      periodicity: reminder?.periodicity ?? 'MONTHLY',
      amount: reminder?.amount ? formatCents(reminder.amount).replace('R$', '').trim() : '',
    },
    validate: {
      title: (value) => (value.trim() ? null : 'Este campo é obrigatório'),
      date: (value) => (parseBrazilianDate(value) ? null : 'Data inválida'),
      amount: (value) => {
        if (!value.trim()) return null;
        const cents = readTypedCents(value);
        return cents !== null && cents > 0 ? null : 'Valor inválido';
      },
    },
    validateInputOnBlur: true,
  });
  const saving = create.isPending || change.isPending;
  const handleSubmit = form.onSubmit((values) => {
    const date = parseBrazilianDate(values.date);
    if (!date) return;
    const fields: ReminderFields = {
      title: values.title.trim(),
      reminder_date: date,
      periodicity: values.periodicity,
      amount: values.amount.trim() ? readTypedCents(values.amount) : null,
    };
    const onError = createFormMutationErrorHandler(form, {
      fields: formFields,
      renamedFields: { reminder_date: 'date' },
    });
    const onSuccess = () => {
      notifySuccess(reminder ? 'Lembrete alterado' : 'Lembrete criado');
      onDone();
    };
    if (reminder) change.mutate({ id: reminder.id, changes: fields }, { onSuccess, onError });
    else create.mutate(fields, { onSuccess, onError });
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Conta" placeholder="Aluguel" required data-autofocus {...form.getInputProps('title')} />
        <TextInput
          label="Primeiro vencimento"
          placeholder="dd/mm/aaaa"
          inputMode="numeric"
          required
          {...form.getInputProps('date')}
          onChange={(event) => form.setFieldValue('date', formatDateMask(event.currentTarget.value))}
        />
        <Select
          label="Repete"
          allowDeselect={false}
          data={[
            { value: 'MONTHLY', label: periodicityLabels.MONTHLY },
            { value: 'YEARLY', label: periodicityLabels.YEARLY },
          ]}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('periodicity')}
        />
        <TextInput
          label="Valor esperado (opcional)"
          leftSection="R$"
          inputMode="decimal"
          placeholder="0,00"
          {...form.getInputProps('amount')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
