import { Button, Paper, Skeleton, Text } from '@mantine/core';
import type { ManagingPartner } from '@prumo/contract/plans';
import { formatCpf } from '@prumo/domain/br/cpf';
import { formatBrazilianDate } from '@prumo/domain/br/date';
import { formatPhone } from '@prumo/domain/br/phone';
import { useState } from 'react';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { type EditingDraft, FormDialog } from '../../../components/form-dialog';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { useManagingPartners } from '../api/get-managing-partners';
import { ManagingPartnerForm } from './managing-partner-form';
import type { FinancialSectionProps } from './plans-section';

const partnerColumns: DataColumn[] = [
  { key: 'name', header: 'Nome', phone: 'title' },
  { key: 'cpf', header: 'CPF', nowrap: true },
  { key: 'email', header: 'E-mail' },
  { key: 'phone', header: 'Telefone', nowrap: true },
  { key: 'birthdate', header: 'Nascimento', nowrap: true },
  { key: 'city', header: 'Cidade' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

/** Sócios administradores: who the card gateway asks to know before it pays the organization. */
export function ManagingPartnersSection({ canManage }: FinancialSectionProps) {
  const partners = useManagingPartners();
  const [draft, setDraft] = useState<EditingDraft<ManagingPartner> | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-label="Sócios administradores">
      <SectionHeader
        title="Sócios administradores"
        description="O gateway de pagamento pede nome, e-mail, CPF, nascimento, telefone e endereço de cada sócio."
        actions={
          canManage ? (
            <Button onClick={() => setDraft({ item: null })} disabled={!partners.isSuccess}>
              Novo sócio
            </Button>
          ) : null
        }
      />
      {partners.isPending ? <Skeleton h={80} /> : null}
      {partners.isError ? (
        <ErrorState message={describeError(partners.error)} onRetry={() => partners.refetch()} />
      ) : null}
      {partners.isSuccess && partners.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum sócio administrador cadastrado.
        </Text>
      ) : null}
      {partners.isSuccess && partners.data.length > 0 ? (
        <DataTable label="Sócios administradores" columns={partnerColumns} minWidth={860}>
          {partners.data.map((partner) => (
            <DataRow key={partner.id} label={partner.name}>
              <DataCell column="name">
                <Text size="sm" fw={600}>
                  {partner.name}
                </Text>
              </DataCell>
              <DataCell column="cpf">
                <Text size="sm">{formatCpf(partner.cpf)}</Text>
              </DataCell>
              <DataCell column="email">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {partner.email}
                </Text>
              </DataCell>
              <DataCell column="phone">
                <Text size="sm">{formatPhone(partner.phone)}</Text>
              </DataCell>
              <DataCell column="birthdate">
                <Text size="sm">{formatBrazilianDate(partner.birthdate)}</Text>
              </DataCell>
              <DataCell column="city">
                <Text size="sm">
                  {partner.address.city}/{partner.address.state}
                </Text>
              </DataCell>
              <DataCell column="actions">
                {canManage ? (
                  <Button
                    variant="light"
                    size="compact-sm"
                    onClick={() => setDraft({ item: partner })}
                    aria-label={`Editar ${partner.name}`}
                  >
                    Editar
                  </Button>
                ) : null}
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      ) : null}
      <FormDialog
        opened={draft !== null}
        size="lg"
        title={draft?.item ? 'Editar sócio administrador' : 'Novo sócio administrador'}
        onClose={() => setDraft(null)}
      >
        {draft ? <ManagingPartnerForm partner={draft.item} onDone={() => setDraft(null)} /> : null}
      </FormDialog>
    </Paper>
  );
}
