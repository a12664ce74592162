import { Alert } from '@mantine/core';

/**
 * An organization on Prumo's own test gateway takes no real money: whoever pays there is told, so a
 * "paid" plan is never mistaken for a real charge.
 */
export function TestGatewayNotice({ provider }: { provider: string | undefined }) {
  if (provider !== 'sandbox') return null;
  return (
    <Alert color="yellow" variant="light" title="Ambiente de testes">
      Nenhum valor é cobrado de verdade. Use um cartão de teste, como 4000 0000 0000 0010.
    </Alert>
  );
}
