import { Alert, Button, Group, Stack } from '@mantine/core';
import { OrganizationSlugSchema } from '@prumo/domain/account/fields';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { readLoginHref } from '../../lib/session';
import { readStoredOrganization, readToken } from '../../lib/storage';

/**
 * /callback-opb: the one address the banks of Open Finance send the person back to. Signed in, the
 * bank's answer goes on to the organization's callback-opb, which checks it against the session
 * that asked; signed out, that session is gone and the answer is worth nothing, so it is dropped.
 */
export function BankReturnRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  // Only a slug as Prumo writes one, exactly, is followed: the answer stays on Prumo's own pages.
  const stored = readStoredOrganization() ?? '';
  const organization = OrganizationSlugSchema.safeParse(stored).data === stored && stored ? stored : null;
  const signedIn = Boolean(organization && readToken());

  useEffect(() => {
    if (!signedIn && location.search) navigate(location.pathname, { replace: true });
  }, [signedIn, location.pathname, location.search, navigate]);

  if (organization && signedIn) {
    return <Navigate to={`${paths.app.routes['callback-opb'].getHref(organization)}${location.search}`} replace />;
  }
  return (
    <Stack>
      <Alert color="orange" variant="light" title="Conexão não concluída">
        Sua sessão no Prumo terminou antes de o banco responder. A autorização vale só para a sessão que a pediu: entre
        de novo e comece a conexão outra vez em Open Finance.
      </Alert>
      <Group>
        <Button component={Link} to={readLoginHref()}>
          Entrar
        </Button>
      </Group>
    </Stack>
  );
}
