import { Alert } from '@mantine/core';

/** Shown on every page of a test organization, so nobody mistakes it for production. */
export function TestEnvironmentBanner() {
  return (
    <Alert color="yellow" variant="filled" radius={0} py={6} role="note">
      Ambiente de teste: os dados desta organização não são reais.
    </Alert>
  );
}
