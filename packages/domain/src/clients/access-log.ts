/**
 * What an adviser opened of a client's data (ADR 34): the client's view, a statement file, an
 * export of their lines. Each opening is one row of the append-only access log.
 */
export const clientAccessActions = ['client_view', 'file_download', 'cash_flow_export'] as const;
export type ClientAccessAction = (typeof clientAccessActions)[number];

export const clientAccessActionLabels: Record<ClientAccessAction, string> = {
  client_view: 'Abriu seus dados',
  file_download: 'Baixou um extrato',
  cash_flow_export: 'Exportou o seu caixa',
};
