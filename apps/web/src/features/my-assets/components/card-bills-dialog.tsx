import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { CardBill, MyAccount } from '@prumo/contract/my-assets';
import { formatCents } from '@prumo/domain/money/cents';
import { useState } from 'react';
import { AmountText } from '../../../components/amount-text';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { FormDialog } from '../../../components/form-dialog';
import { describeError } from '../../../lib/errors';
import { formatIsoDate } from '../../../lib/format';
import { useCreditCardDetails } from '../api/get-credit-card-details';
import { BillEditForm } from './bill-edit-form';
import { BillLines } from './bill-lines';
import { BillStateBadge } from './bill-state-badge';
import { showOwed } from './holdings-labels';

/** What the dialog shows: the card's bills, one bill's lines, or one bill's correction. */
type BillsView = { kind: 'bills' } | { kind: 'lines'; billId: number } | { kind: 'edit'; bill: CardBill };

const billColumns: DataColumn[] = [
  { key: 'due', header: 'Vencimento', phone: 'title', nowrap: true },
  { key: 'amount', header: 'Valor', phone: 'aside', align: 'right', nowrap: true },
  { key: 'state', header: 'Situação' },
  { key: 'closing', header: 'Fechamento', nowrap: true },
  { key: 'projected', header: 'Parcelas previstas', align: 'right', nowrap: true },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

function describeBillAmount(bill: CardBill): string | null {
  if (bill.corrected) return `Corrigido; lançamentos somam ${formatCents(bill.lines_amount)}`;
  if (bill.paid_on) return `Paga em ${formatIsoDate(bill.paid_on)}`;
  return null;
}

interface BillsListProps {
  card: MyAccount;
  readOnly: boolean;
  onView: (view: BillsView) => void;
}

function BillsList({ card, readOnly, onView }: BillsListProps) {
  const details = useCreditCardDetails(card.id);
  if (details.isPending) return <Skeleton h={200} />;
  if (details.isError) return <ErrorState message={describeError(details.error)} onRetry={() => details.refetch()} />;
  const { bills, needs_days: needsDays } = details.data;
  return (
    <Stack gap="sm">
      {needsDays ? (
        <Alert color="orange" variant="light" title="Faltam os dias do cartão">
          <Text size="sm">
            {readOnly
              ? 'Sem os dias de fechamento e vencimento, as compras do cartão ainda não estão nas faturas.'
              : 'Informe os dias de fechamento e vencimento (botão Editar do cartão) para pôr as compras nas faturas.'}
          </Text>
        </Alert>
      ) : null}
      {bills.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma fatura ainda.
        </Text>
      ) : (
        <DataTable label={`Faturas de ${card.name}`} columns={billColumns} minWidth={760}>
          {bills.map((bill) => {
            const note = describeBillAmount(bill);
            const dueDate = formatIsoDate(bill.due_date);
            return (
              <DataRow key={bill.id} label={`Fatura de ${dueDate}`}>
                <DataCell column="due">
                  <Text size="sm" fw={600}>
                    {dueDate}
                  </Text>
                </DataCell>
                <DataCell column="amount">
                  <Stack gap={0} align="flex-end">
                    <AmountText amount={showOwed(bill.amount)} />
                    {note ? (
                      <Text size="xs" c="dimmed">
                        {note}
                      </Text>
                    ) : null}
                  </Stack>
                </DataCell>
                <DataCell column="state">
                  <BillStateBadge state={bill.state} />
                </DataCell>
                <DataCell column="closing">
                  <Text size="sm">{formatIsoDate(bill.closing_date)}</Text>
                </DataCell>
                <DataCell column="projected">
                  {bill.projected_instalments > 0 ? (
                    <Text size="sm">+ {formatCents(bill.projected_instalments)}</Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </DataCell>
                <DataCell column="actions">
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="light"
                      size="compact-sm"
                      onClick={() => onView({ kind: 'lines', billId: bill.id })}
                      aria-label={`Lançamentos da fatura de ${dueDate}`}
                    >
                      Lançamentos
                    </Button>
                    {readOnly ? null : (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => onView({ kind: 'edit', bill })}
                        aria-label={`Corrigir a fatura de ${dueDate}`}
                      >
                        Corrigir
                      </Button>
                    )}
                  </Group>
                </DataCell>
              </DataRow>
            );
          })}
        </DataTable>
      )}
      <Text size="xs" c="dimmed">
        Parcelas previstas: parcelas de compras anteriores que devem cair na fatura e que nenhum extrato trouxe ainda.
      </Text>
    </Stack>
  );
}

function CardBills({ card, readOnly }: { card: MyAccount; readOnly: boolean }) {
  const [view, setView] = useState<BillsView>({ kind: 'bills' });
  const back = () => setView({ kind: 'bills' });
  if (view.kind === 'bills') return <BillsList card={card} readOnly={readOnly} onView={setView} />;
  return (
    <Stack gap="sm">
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={back}>
          ← Todas as faturas
        </Button>
      </Group>
      {view.kind === 'lines' ? <BillLines billId={view.billId} /> : <BillEditForm bill={view.bill} onDone={back} />}
    </Stack>
  );
}

/** A card's bills (open, closed, paid, future), each opening to its lines or to its correction. */
export function CardBillsDialog({
  card,
  readOnly,
  onClose,
}: {
  card: MyAccount | null;
  readOnly: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={card !== null} title={`Faturas: ${card?.name ?? ''}`} onClose={onClose} size="xl">
      {card ? <CardBills card={card} readOnly={readOnly} /> : null}
    </FormDialog>
  );
}
