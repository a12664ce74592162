import { Alert } from '@mantine/core';

/** The organization's financial flag is off: what the Financeiro screen can still show, and why. */
export function FinancialFlagNotice() {
  return (
    <Alert color="yellow" variant="light" title="Financeiro desativado" role="status">
      O módulo Financeiro não está ativo nesta organização: os planos podem ser vistos, mas criar ou alterar planos,
      contas bancárias e sócios administradores depende da sua ativação.
    </Alert>
  );
}
