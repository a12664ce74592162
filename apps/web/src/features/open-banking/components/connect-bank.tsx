import {
  Alert,
  Avatar,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatCnpj } from '@prumo/domain/br/cnpj';
import {
  type ConsentMonths,
  consentMonthOptions,
  openBankingMessages,
  type SharedDataKind,
  sharedDataKinds,
  sharedDataLabels,
} from '@prumo/domain/open-banking/consent';
import { useState } from 'react';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { usePersona } from '../../../lib/persona';
import { useParticipants } from '../api/get-participants';
import { useStartConnection } from '../api/start-connection';

/** Choose the institution, what is shared and for how long, then go to the bank to authorise it. */
export function ConnectBank({ initialParticipantId }: { initialParticipantId: string | null }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const participants = useParticipants(debouncedSearch);
  const [participantId, setParticipantId] = useState<string | null>(initialParticipantId);
  const [permissions, setPermissions] = useState<SharedDataKind[]>([...sharedDataKinds]);
  const [months, setMonths] = useState<ConsentMonths>(12);
  const start = useStartConnection();
  const persona = usePersona();
  const chosen = participants.data?.results.find((participant) => participant.id === participantId) ?? null;

  // BS2 sends the person back to a client's own page: a planner cannot connect it for them.
  const clientOnly = chosen?.connector === 'bs2' && persona.data?.view !== 'client';

  const goToBank = () => {
    if (!chosen) return;
    start.mutate(
      { participantId: chosen.id, connector: chosen.connector, permissions, months },
      { onError: (error) => notifyMutationError(error) },
    );
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Instituição"
        placeholder="Busque pelo nome ou CNPJ"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {participants.isError ? (
        <Alert color="red" variant="light">
          Não foi possível carregar as instituições. Tente de novo em alguns minutos.
        </Alert>
      ) : null}
      {participants.data && participants.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma instituição encontrada.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {participants.data?.results.map((participant) => {
          const selected = participant.id === participantId;
          return (
            <UnstyledButton
              key={participant.id}
              onClick={() => setParticipantId(participant.id)}
              aria-pressed={selected}
              aria-label={participant.name}
            >
              <Paper
                withBorder
                p="sm"
                radius="md"
                style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={participant.logo_uri} alt="" radius="sm" />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {participant.name}
                    </Text>
                    {participant.registration_number ? (
                      <Text size="xs" c="dimmed">
                        CNPJ {formatCnpj(participant.registration_number)}
                      </Text>
                    ) : null}
                  </div>
                </Group>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {participantId ? (
        <Stack gap="sm">
          <Checkbox.Group
            label="O que compartilhar"
            value={permissions}
            onChange={(values) => setPermissions(values as SharedDataKind[])}
            error={permissions.length === 0 ? 'Escolha ao menos um tipo de dado para compartilhar.' : undefined}
          >
            <Stack gap={6} mt={6}>
              {sharedDataKinds.map((kind) => (
                <Checkbox key={kind} value={kind} label={sharedDataLabels[kind]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <div>
            <Text size="sm" fw={500} mb={4}>
              Por quanto tempo
            </Text>
            <SegmentedControl
              value={String(months)}
              onChange={(value) => setMonths(Number(value) as ConsentMonths)}
              data={consentMonthOptions.map((option) => ({ value: String(option), label: `${option} meses` }))}
              fullWidth
            />
          </div>
          <Text size="xs" c="dimmed">
            No banco você entra com sua senha, confirma o código e revê o que será compartilhado. Você pode revogar
            quando quiser, aqui ou no banco.
          </Text>
          {clientOnly ? (
            <Alert color="orange" variant="light">
              {openBankingMessages.bs2ClientOnly}
            </Alert>
          ) : null}
          <Group>
            <Button
              onClick={goToBank}
              loading={start.isPending}
              disabled={!chosen || permissions.length === 0 || clientOnly}
            >
              {chosen ? `Ir para ${chosen.name}` : 'Ir para o banco'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
