import { Paper, Stack } from '@mantine/core';
import type { AccessLevel } from '@prumo/domain/auth/roles';
import { CopyLinkField } from '../../../components/copy-link-field';
import { SectionHeader } from '../../../components/section-header';
import { buildAbsoluteUrl, paths } from '../../../config/paths';

/** The registration links carrying the inviter's hash; the API checks who may invite whom. */
const registrationLinks: Record<AccessLevel, { label: string; word: string }> = {
  client: { label: 'Cadastro de cliente', word: 'cliente' },
  planner: { label: 'Cadastro de planejador', word: 'planejador' },
  manager: { label: 'Cadastro de gestor', word: 'gestor' },
};

interface InvitationLinksProps {
  organization: string;
  hash: string;
  roles: readonly AccessLevel[];
}

export function InvitationLinks({ organization, hash, roles }: InvitationLinksProps) {
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Links de convite"
        description="Envie o link a quem você quer convidar: a pessoa se cadastra já ligada a você."
      />
      <Stack gap="sm">
        {roles.map((role) => (
          <CopyLinkField
            key={role}
            label={registrationLinks[role].label}
            link={buildAbsoluteUrl(
              paths.organization.registration.getHref(organization, registrationLinks[role].word, hash),
            )}
          />
        ))}
        {roles.includes('client') ? (
          <CopyLinkField
            label="Cadastro simplificado de cliente"
            link={buildAbsoluteUrl(paths.organization.simpleRegistration.getHref(organization, hash))}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
