import { Button, Group, Stack, Text } from '@mantine/core';
import type { MyAccount } from '@prumo/contract/my-assets';
import { formatCents } from '@prumo/domain/money/cents';
import { useState } from 'react';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ImportedItemsHint, OptionalAmount } from './asset-group';
import { CardBillsDialog } from './card-bills-dialog';
import { CardEditDialog } from './card-edit-dialog';

const cardColumns: DataColumn[] = [
  { key: 'name', header: 'Cartão', phone: 'title' },
  { key: 'owed', header: 'Em aberto', phone: 'aside', align: 'right', nowrap: true },
  { key: 'days', header: 'Fechamento e vencimento' },
  { key: 'limit', header: 'Limite', nowrap: true },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

/** "Fecha dia 5, vence dia 12", or what is missing. */
export function describeCardDays(card: MyAccount): string {
  if (card.closing_day === null || card.due_day === null) return 'Dias não informados';
  return `Fecha dia ${card.closing_day}, vence dia ${card.due_day}`;
}

interface CardsGroupProps {
  cards: MyAccount[];
  readOnly: boolean;
  cashRegisterHref: string;
}

/** Cartões: what each card owes (open and closed bills not paid), its days and limit; opens its bills. */
export function CardsGroup({ cards, readOnly, cashRegisterHref }: CardsGroupProps) {
  const [billsOf, setBillsOf] = useState<MyAccount | null>(null);
  const [editing, setEditing] = useState<MyAccount | null>(null);
  if (cards.length === 0) {
    return (
      <ImportedItemsHint
        text="Nenhum cartão ainda. Os cartões aparecem aqui ao importar a fatura de um cartão em"
        cashRegisterHref={cashRegisterHref}
      />
    );
  }
  return (
    <>
      <DataTable label="Cartões" columns={cardColumns} minWidth={720}>
        {cards.map((card) => (
          <DataRow key={card.id} label={card.name}>
            <DataCell column="name">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {card.name}
                </Text>
                {card.ignored ? (
                  <Text size="xs" c="dimmed">
                    Ignorado
                  </Text>
                ) : null}
              </Stack>
            </DataCell>
            <DataCell column="owed">
              <OptionalAmount amount={card.balance} />
            </DataCell>
            <DataCell column="days">
              <Text size="sm" c={card.closing_day === null ? 'orange.8' : undefined}>
                {describeCardDays(card)}
              </Text>
            </DataCell>
            <DataCell column="limit">
              <Text size="sm">{card.limit === null ? 'Não informado' : formatCents(card.limit)}</Text>
            </DataCell>
            <DataCell column="actions">
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="light"
                  size="compact-sm"
                  onClick={() => setBillsOf(card)}
                  aria-label={`Faturas de ${card.name}`}
                >
                  Faturas
                </Button>
                {readOnly ? null : (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => setEditing(card)}
                    aria-label={`Editar dias e limite de ${card.name}`}
                  >
                    Editar
                  </Button>
                )}
              </Group>
            </DataCell>
          </DataRow>
        ))}
      </DataTable>
      <CardBillsDialog card={billsOf} readOnly={readOnly} onClose={() => setBillsOf(null)} />
      <CardEditDialog card={editing} onClose={() => setEditing(null)} />
    </>
  );
}
