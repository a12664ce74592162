import { Badge, Button, Paper, Skeleton, Switch, Text } from '@mantine/core';
import type { Plan } from '@prumo/contract/plans';
import { formatCents } from '@prumo/domain/money/cents';
import { planTypeLabels } from '@prumo/domain/payments/plan-rules';
import { useState } from 'react';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { type EditingDraft, FormDialog } from '../../../components/form-dialog';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { usePlans } from '../api/get-plans';
import { useSavePlan } from '../api/save-plan';
import { PlanForm } from './plan-form';

const planColumns: DataColumn[] = [
  { key: 'name', header: 'Plano', phone: 'title' },
  { key: 'total', header: 'Total por mês', phone: 'aside', align: 'right', nowrap: true },
  { key: 'type', header: 'Tipo' },
  { key: 'services', header: 'Serviços' },
  { key: 'payday', header: 'Cobrança' },
  { key: 'active', header: 'Ativo' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

function ActiveSwitch({ plan, readOnly }: { plan: Plan; readOnly: boolean }) {
  const save = useSavePlan();
  return (
    <Switch
      checked={plan.is_active}
      disabled={readOnly || save.isPending}
      aria-label={`Plano ${plan.name} ativo`}
      onChange={(event) => {
        const isActive = event.currentTarget.checked;
        save.mutate(
          { id: plan.id, body: { is_active: isActive } },
          {
            onSuccess: () => notifySuccess(isActive ? 'Plano ativado' : 'Plano desativado'),
            onError: (error) => notifyMutationError(error),
          },
        );
      }}
    />
  );
}

export interface FinancialSectionProps {
  /** False while the organization's financial flag is off: the section shows what it can, changes nothing. */
  canManage: boolean;
}

/** Planos: every plan of the organization with its total, its active switch, and its form. */
export function PlansSection({ canManage }: FinancialSectionProps) {
  const plans = usePlans();
  const [draft, setDraft] = useState<EditingDraft<Plan> | null>(null);
  const columns = canManage ? planColumns : planColumns.filter((column) => column.key !== 'actions');
  return (
    <Paper withBorder p="md" component="section" aria-label="Planos">
      <SectionHeader
        title="Planos"
        description="Os planos que os clientes assinam. Só os ativos aparecem para eles."
        actions={
          canManage ? (
            <Button onClick={() => setDraft({ item: null })} disabled={!plans.isSuccess}>
              Novo plano
            </Button>
          ) : null
        }
      />
      {plans.isPending ? <Skeleton h={80} /> : null}
      {plans.isError ? <ErrorState message={describeError(plans.error)} onRetry={() => plans.refetch()} /> : null}
      {plans.isSuccess && plans.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum plano ainda. Crie o primeiro com “Novo plano”.
        </Text>
      ) : null}
      {plans.isSuccess && plans.data.length > 0 ? (
        <DataTable label="Planos" columns={columns} minWidth={760}>
          {plans.data.map((plan) => (
            <DataRow key={plan.id} label={plan.name}>
              <DataCell column="name">
                <Text size="sm" fw={600}>
                  {plan.name}
                </Text>
              </DataCell>
              <DataCell column="total">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatCents(plan.total_amount)}
                </Text>
              </DataCell>
              <DataCell column="type">
                <Badge variant="light" color={plan.type === 'platform' ? 'gray' : 'blue'}>
                  {planTypeLabels[plan.type]}
                </Badge>
              </DataCell>
              <DataCell column="services">
                <Text size="sm">{plan.serviceProvision.map((service) => service.name).join(', ') || '—'}</Text>
              </DataCell>
              <DataCell column="payday">
                <Text size="sm">{plan.payday === null ? 'Dia da assinatura' : `Dia ${plan.payday}`}</Text>
              </DataCell>
              <DataCell column="active">
                <ActiveSwitch plan={plan} readOnly={!canManage} />
              </DataCell>
              <DataCell column="actions">
                <Button
                  variant="light"
                  size="compact-sm"
                  onClick={() => setDraft({ item: plan })}
                  aria-label={`Editar ${plan.name}`}
                >
                  Editar
                </Button>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      ) : null}
      <FormDialog
        opened={draft !== null}
        size="lg"
        title={draft?.item ? 'Editar plano' : 'Novo plano'}
        onClose={() => setDraft(null)}
      >
        {draft ? <PlanForm plan={draft.item} onDone={() => setDraft(null)} /> : null}
      </FormDialog>
    </Paper>
  );
}
