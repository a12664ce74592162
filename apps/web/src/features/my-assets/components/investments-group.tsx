import { Group, Stack, Text, Title } from '@mantine/core';
import type { Investment } from '@prumo/contract/investments';
import { formatCents } from '@prumo/domain/money/cents';
import { AmountText } from '../../../components/amount-text';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { formatIsoDate } from '../../../lib/format';
import { useDeleteInvestment } from '../api/delete-investment';
import { pickColumns, useItemEditing } from '../hooks/use-item-editing';
import { EditableItems } from './asset-group';
import { DeleteItemDialog } from './delete-item-dialog';
import { InvestmentDialog } from './investment-dialog';
import { groupInvestmentsByKind, takesField } from './investment-form';
import { RowActions } from './row-actions';

const investmentColumns: DataColumn[] = [
  { key: 'name', header: 'Investimento', phone: 'title' },
  { key: 'balance', header: 'Saldo líquido', phone: 'aside', align: 'right', nowrap: true },
  { key: 'gross', header: 'Saldo bruto', nowrap: true },
  { key: 'contribution', header: 'Contribuição mensal', nowrap: true },
  { key: 'updated', header: 'Atualizado em', nowrap: true },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

function formatOptionalCents(cents: number | null): string {
  return cents === null ? '—' : formatCents(cents);
}

interface InvestmentRowProps {
  investment: Investment;
  onEdit: (investment: Investment) => void;
  onDelete: (investment: Investment) => void;
}

function InvestmentRow({ investment, onEdit, onDelete }: InvestmentRowProps) {
  const latest = investment.history[0];
  return (
    <DataRow label={investment.name}>
      <DataCell column="name">
        <Text size="sm" fw={600}>
          {investment.name}
        </Text>
        {takesField(investment.kind, 'funds') && investment.funds.length > 0 ? (
          <Text size="xs" c="dimmed">
            {investment.funds.map((fund) => fund.name).join(', ')}
          </Text>
        ) : null}
      </DataCell>
      <DataCell column="balance">
        <AmountText amount={investment.balance} />
      </DataCell>
      <DataCell column="gross">
        <Text size="sm">{formatOptionalCents(investment.gross_balance)}</Text>
      </DataCell>
      <DataCell column="contribution">
        <Text size="sm">{formatOptionalCents(investment.monthly_contribution)}</Text>
      </DataCell>
      <DataCell column="updated">
        <Text size="sm">{latest ? formatIsoDate(latest.date) : '—'}</Text>
      </DataCell>
      <DataCell column="actions">
        <RowActions name={investment.name} onEdit={() => onEdit(investment)} onDelete={() => onDelete(investment)} />
      </DataCell>
    </DataRow>
  );
}

/** Investimentos: by kind, each with its total; added, edited and deleted here. */
export function InvestmentsGroup({ investments, readOnly }: { investments: Investment[]; readOnly: boolean }) {
  const editing = useItemEditing<Investment>();
  const remove = useDeleteInvestment();
  const columns = pickColumns(investmentColumns, readOnly);
  const { deleting } = editing;
  return (
    <>
      <EditableItems
        count={investments.length}
        readOnly={readOnly}
        addLabel="Adicionar investimento"
        onAdd={editing.startNew}
        emptyText="Nenhum investimento ainda. Adicione renda fixa, fundos, ações, COE ou previdência com “Adicionar investimento”."
        readerEmptyText="Nenhum investimento informado."
      >
        {groupInvestmentsByKind(investments).map((group) => (
          <Stack key={group.kind} gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Title order={3} size="h6">
                {group.label}
              </Title>
              <AmountText amount={group.total} />
            </Group>
            <DataTable label={`Investimentos: ${group.label}`} columns={columns} minWidth={760}>
              {group.investments.map((investment) => (
                <InvestmentRow
                  key={investment.id}
                  investment={investment}
                  onEdit={editing.startEdit}
                  onDelete={editing.askDelete}
                />
              ))}
            </DataTable>
          </Stack>
        ))}
      </EditableItems>
      <InvestmentDialog draft={editing.draft} onClose={editing.closeDraft} />
      <DeleteItemDialog
        target={deleting ? { variables: { kind: deleting.kind, id: deleting.id }, name: deleting.name } : null}
        title="Excluir investimento"
        doneMessage="Investimento excluído"
        remove={remove}
        onClose={editing.closeDelete}
      />
    </>
  );
}
