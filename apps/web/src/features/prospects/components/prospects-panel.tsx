import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { Prospect } from '@prumo/contract/prospects';
import { type ProspectStage, prospectStageLabels, prospectStages } from '@prumo/domain/prospects/prospect-stages';
import { useState } from 'react';
import { DataCell, type DataColumn, DataRow } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { SectionHeader } from '../../../components/section-header';
import { prospectsPageSize, useProspect, useProspects } from '../api/get-prospects';
import { ProspectDetail } from './prospect-detail';
import { ProspectFormDialog } from './prospect-form-dialog';
import { ProspectStageBadge } from './prospect-stage-badge';

const columns: DataColumn[] = [
  { key: 'name', header: 'Nome', phone: 'title' },
  { key: 'stage', header: 'Etapa', phone: 'aside' },
  { key: 'contact', header: 'Contato', phone: 'field' },
  { key: 'lines', header: 'Lançamentos', phone: 'field', align: 'right' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

const stageFilterChoices = [
  { value: 'todas', label: 'Todas as etapas' },
  ...prospectStages.map((stage) => ({ value: stage, label: prospectStageLabels[stage] })),
];

/** The planner's prospects: a list filtered by stage (cards on a phone), and one prospect opened. */
export function ProspectsPanel() {
  const [offset, setOffset] = useState(0);
  const [stage, setStage] = useState<ProspectStage | null>(null);
  const [openedId, setOpenedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ prospect: Prospect | null } | null>(null);
  const prospects = useProspects({ offset, stage });
  const opened = useProspect(openedId);

  const dialog = (
    <ProspectFormDialog
      opened={editing !== null}
      prospect={editing?.prospect ?? null}
      onClose={() => setEditing(null)}
    />
  );

  if (openedId !== null && opened.data) {
    return (
      <>
        <ProspectDetail
          prospect={opened.data}
          onEdit={() => setEditing({ prospect: opened.data })}
          onBack={() => setOpenedId(null)}
        />
        {dialog}
      </>
    );
  }

  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Prospects"
        description="Pessoas que você está atendendo antes de virarem clientes."
        actions={<Button onClick={() => setEditing({ prospect: null })}>Novo prospect</Button>}
      />
      <Stack gap="sm">
        <Select
          label="Etapa"
          data={stageFilterChoices}
          value={stage ?? 'todas'}
          allowDeselect={false}
          maw={260}
          onChange={(value) => {
            setOffset(0);
            setStage(value && value !== 'todas' ? (value as ProspectStage) : null);
          }}
        />
        <PagedTable
          query={prospects}
          offset={offset}
          onOffsetChange={setOffset}
          pageSize={prospectsPageSize}
          nouns={{ singular: 'prospect', plural: 'prospects' }}
          loadingLabel="Carregando prospects…"
          emptyText="Nenhum prospect encontrado."
          label="Prospects"
          columns={columns}
          minWidth={640}
          striped
          getRowKey={(prospect) => prospect.id}
          renderRow={(prospect) => (
            <DataRow label={prospect.name}>
              <DataCell column="name">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {prospect.name}
                </Text>
              </DataCell>
              <DataCell column="stage">
                <ProspectStageBadge stage={prospect.stage} label={prospect.stage_label} />
              </DataCell>
              <DataCell column="contact">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {prospect.email || prospect.phone || '—'}
                </Text>
              </DataCell>
              <DataCell column="lines">
                <Text size="sm">{prospect.lines_count}</Text>
              </DataCell>
              <DataCell column="actions">
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => setOpenedId(prospect.id)}>
                    Abrir
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setEditing({ prospect })}>
                    Editar
                  </Button>
                </Group>
              </DataCell>
            </DataRow>
          )}
        />
      </Stack>
      {dialog}
    </Paper>
  );
}
