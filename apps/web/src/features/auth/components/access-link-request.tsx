import { Anchor, Center, Group, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';

// Loaded on demand: most visitors sign in with their password and never download it.
const AccessLinkForm = lazy(() => import('./access-link-form').then((module) => ({ default: module.AccessLinkForm })));

// The open form is part of the address, so the back button closes it and the address can be shared.
const accessLinkParameter = 'acesso';
const accessLinkValue = 'link';

/**
 * Below the login: a discreet link that reveals the one-time access link form. A link, not a
 * button, since it changes the address; the page's only "Entrar" button stays the login's.
 */
export function AccessLinkRequest({ organization }: { organization: string }) {
  const [searchParams] = useSearchParams();
  if (searchParams.get(accessLinkParameter) === accessLinkValue) {
    return (
      <Suspense
        fallback={
          <Center role="status" aria-label="Carregando…">
            <Loader size="sm" />
          </Center>
        }
      >
        <AccessLinkForm organization={organization} />
      </Suspense>
    );
  }
  const openSearchParams = new URLSearchParams(searchParams);
  openSearchParams.set(accessLinkParameter, accessLinkValue);
  return (
    <Group justify="center">
      <Anchor component={Link} to={{ search: `?${openSearchParams}` }} size="sm">
        Entrar com link por e-mail
      </Anchor>
    </Group>
  );
}
