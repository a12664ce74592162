import { Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { InvitationRecord } from '@prumo/contract/invitations';
import { type AccessLevel, invitationLifetimeDays, roleLabels } from '@prumo/domain/auth/roles';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyLinkField } from '../../../components/copy-link-field';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { buildAbsoluteUrl, paths } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { formatPersonName } from '../../../lib/persona';
import { useCreateInvitation } from '../api/create-invitation';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

function describeLifetime(role: AccessLevel): string {
  const days = invitationLifetimeDays[role];
  if (days === null) return 'Estes links não expiram e servem para vários clientes.';
  return `Cada link cadastra uma só pessoa e vale ${days} dias depois de gerado.`;
}

interface InvitationLinksProps {
  organization: string;
  /** The kinds of link this screen hands out; each link grants exactly its role. */
  roles: readonly AccessLevel[];
}

/** The registration links of each role: copy, see when they expire, make new ones and revoke. */
export function InvitationLinks({ organization, roles }: InvitationLinksProps) {
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Links de convite"
        description="Cada link cadastra um só perfil. Envie-o a quem você quer convidar e revogue o que não deve mais ser usado."
      />
      <Stack gap="lg">
        {roles.map((role, index) => (
          <Stack key={role} gap="sm">
            {index > 0 ? <Divider /> : null}
            <RoleInvitations organization={organization} role={role} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function RoleInvitations({ organization, role }: { organization: string; role: AccessLevel }) {
  const invitations = useInvitations(role);
  const create = useCreateInvitation();
  const label = roleLabels[role].toLowerCase();
  return (
    <Stack gap="sm" data-testid={`convites-${role}`}>
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Title order={3} size="h5">
            Cadastro de {label}
          </Title>
          <Text size="xs" c="dimmed">
            {describeLifetime(role)}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          loading={create.isPending}
          onClick={() =>
            create.mutate(role, {
              onSuccess: () => notifySuccess(`Novo link de ${label} gerado`),
              onError: (error) => notifyMutationError(error),
            })
          }
        >
          Gerar link de {label}
        </Button>
      </Group>
      {invitations.isPending ? <PageLoader label="Carregando links…" /> : null}
      {invitations.isError ? (
        <ErrorState message={describeError(invitations.error)} onRetry={() => invitations.refetch()} />
      ) : null}
      {invitations.data?.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum link de {label} ativo. Gere um para convidar.
        </Text>
      ) : null}
      {invitations.data?.results.map((invitation) => (
        <InvitationItem key={invitation.id} organization={organization} invitation={invitation} />
      ))}
    </Stack>
  );
}

function describeOwner(invitation: InvitationRecord): string {
  const issuer = formatPersonName(invitation.issued_by);
  if (invitation.standing) return `Link permanente de ${issuer}`;
  return `Link gerado por ${issuer} em ${formatDateTime(invitation.created_at, '')}`;
}

function InvitationItem({ organization, invitation }: { organization: string; invitation: InvitationRecord }) {
  const revoke = useRevokeInvitation();
  const [confirming, setConfirming] = useState(false);
  const registrationLink = buildAbsoluteUrl(
    paths.organization.registration.getHref(organization, invitation.role_word, invitation.token),
  );
  const simpleLink = buildAbsoluteUrl(paths.organization.simpleRegistration.getHref(organization, invitation.token));
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        {invitation.used_at ? (
          // A used link registers no one else: nothing to copy, only who used it.
          <Text size="sm">{describeOwner(invitation)}</Text>
        ) : (
          <CopyLinkField label={describeOwner(invitation)} link={registrationLink} />
        )}
        {invitation.role === 'client' ? <CopyLinkField label="Cadastro simplificado" link={simpleLink} /> : null}
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {invitation.used_at ? (
              <Badge color="gray" variant="light" style={{ whiteSpace: 'normal', height: 'auto' }}>
                Usado por {invitation.used_by ? formatPersonName(invitation.used_by) : 'usuário removido'} em{' '}
                {formatDateTime(invitation.used_at, '')}
              </Badge>
            ) : invitation.expired ? (
              <Badge color="red" variant="light">
                Expirado em {formatDateTime(invitation.expires_at, '')}
              </Badge>
            ) : (
              <Text size="xs" c="dimmed">
                {invitation.expires_at ? `Válido até ${formatDateTime(invitation.expires_at, '')}` : 'Não expira'}
                {invitation.planner ? ` · clientes ficam com ${formatPersonName(invitation.planner)}` : ''}
              </Text>
            )}
          </Group>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Revogar
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Revogar link"
        message={
          invitation.standing
            ? 'O link deixa de funcionar e um novo link permanente é gerado no lugar. Quem já se cadastrou continua com acesso.'
            : 'O link deixa de funcionar. Quem já se cadastrou continua com acesso.'
        }
        confirmLabel="Revogar"
        danger
        loading={revoke.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          revoke.mutate(invitation.id, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess('Link revogado');
            },
            onError: (error) => {
              setConfirming(false);
              notifyMutationError(error);
            },
          })
        }
      />
    </Paper>
  );
}
