import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { useOpenBankWidget, useWidgetBanks } from '../api/bank-widget';

/**
 * In a bank's statement guide: where the organization's aggregator widget reaches that bank, the
 * offer to connect it instead of downloading files. Nothing when it does not (or cannot be asked).
 */
export function ConnectByWidget({ bankCode, bankName }: { bankCode: string; bankName: string }) {
  const banks = useWidgetBanks();
  const open = useOpenBankWidget();
  if (!banks.data?.results.some((bank) => bank.code === bankCode)) return null;
  return (
    <Alert color="teal" variant="light" title="Prefere não baixar arquivos?">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Conecte o {bankName} pelo Open Finance: as contas e os lançamentos chegam sozinhos, todos os dias.
        </Text>
        <Button
          size="sm"
          loading={open.isPending}
          onClick={() => open.mutate(bankCode, { onError: (error) => notifyMutationError(error) })}
        >
          Conectar pelo Open Finance
        </Button>
      </Stack>
    </Alert>
  );
}
