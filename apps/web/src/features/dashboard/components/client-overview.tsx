import { Anchor, Avatar, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Persona } from '@prumo/contract/profiles';
import { formatPhone } from '@prumo/domain/br/phone';
import { Link } from 'react-router';
import { SectionHeader } from '../../../components/section-header';
import { paths } from '../../../config/paths';
import { formatPersonName } from '../../../lib/persona';

/** A long e-mail has no spaces: it breaks anywhere rather than widen the page on a phone. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** A client's start page: who they are and who plans with them. */
export function ClientOverview({ persona, organization }: { persona: Persona; organization: string }) {
  const name = formatPersonName(persona);
  const planner = persona.planner;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md">
        <SectionHeader
          title="Meu perfil"
          actions={
            <Anchor component={Link} to={paths.app.routes['meu-perfil'].getHref(organization)} size="sm">
              Editar perfil
            </Anchor>
          }
        />
        <Group gap="md" wrap="nowrap">
          <Avatar src={persona.profile_picture} name={name} size="lg" color="initials" />
          <Stack gap={2} miw={0} style={wrapAnywhere}>
            <Text fw={600}>{name}</Text>
            <Text size="sm" c="dimmed">
              {persona.email}
            </Text>
            {persona.phone ? (
              <Text size="sm" c="dimmed">
                {formatPhone(persona.phone)}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <SectionHeader title="Meu planejador" />
        {planner ? (
          <Group gap="md" wrap="nowrap">
            <Avatar src={planner.profile_picture} name={formatPersonName(planner.user)} size="lg" color="initials" />
            <Stack gap={2} miw={0} style={wrapAnywhere}>
              <Text fw={600}>{formatPersonName(planner.user)}</Text>
              {planner.user.email ? (
                <Anchor href={`mailto:${planner.user.email}`} size="sm">
                  {planner.user.email}
                </Anchor>
              ) : null}
              {planner.telephone ? (
                <Text size="sm" c="dimmed">
                  {formatPhone(planner.telephone)}
                </Text>
              ) : null}
            </Stack>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Você ainda não tem um planejador
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}
