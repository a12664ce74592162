import { Loader, Paper, Stack, Text, Title } from '@mantine/core';

/** The first charge waits at the gateway: the subscription is read again until it is paid or declined. */
export function PaymentProcessing() {
  return (
    <Paper withBorder p="md" role="status" aria-live="polite">
      <Stack gap="sm" align="center" ta="center">
        <Loader aria-hidden />
        <Title order={2} size="h4">
          Pagamento em processamento
        </Title>
        <Text size="sm" c="dimmed">
          A operadora do cartão ainda está confirmando o pagamento. Esta página se atualiza sozinha.
        </Text>
      </Stack>
    </Paper>
  );
}
