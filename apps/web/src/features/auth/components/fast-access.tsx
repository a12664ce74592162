import { Alert, Button, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import { markArrivalWithToken, readLoginHref, startSession } from '../../../lib/session';
import { useFastAccess } from '../api/access-with-link';

/** /access/{token}: the one-time link of an e-mail signs the user in and opens the dashboard. */
export function FastAccess({ token }: { token: string }) {
  const navigate = useNavigate();
  const access = useFastAccess(token);

  useEffect(() => {
    if (!access.data) return;
    startSession(access.data.key, access.data.organization);
    markArrivalWithToken();
    navigate(paths.app.routes.dashboard.getHref(access.data.organization), { replace: true });
  }, [access.data, navigate]);

  return (
    <Stack gap="md" maw={420} mx="auto" mt="xl" p="md">
      <Title order={1} size="h3" ta="center">
        Acesso rápido
      </Title>
      {access.isError ? (
        <>
          <Alert color="red" variant="light" title="Não foi possível entrar">
            {describeError(access.error)}
          </Alert>
          <Button component={Link} to={readLoginHref()}>
            Ir para o login
          </Button>
        </>
      ) : (
        <PageLoader label="Entrando…" />
      )}
    </Stack>
  );
}
