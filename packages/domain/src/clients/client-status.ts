import { z } from 'zod';

/**
 * A planner's standing with a client (ADR 33): `ativo` is the book they work on; `em_pausa` a
 * client who asked for a break; `encerrado` a client who left. Only `ativo` clients are in the
 * planner's active list, and only their open tasks fall due (overdue, reminder e-mails).
 */
export const clientStatuses = ['ativo', 'em_pausa', 'encerrado'] as const;
export type ClientStatus = (typeof clientStatuses)[number];

export const clientStatusLabels: Record<ClientStatus, string> = {
  ativo: 'Ativo',
  em_pausa: 'Em pausa',
  encerrado: 'Encerrado',
};

/** A client without a recorded status is active: the book starts whole. */
export const defaultClientStatus: ClientStatus = 'ativo';

export const invalidClientStatusMessage = 'Situação inválida: use ativo, em_pausa ou encerrado.';
export const requiredClientStatusMessage = 'Informe a situação do cliente.';

export const ClientStatusSchema = z.enum(clientStatuses, {
  error: (issue) => (issue.input === undefined ? requiredClientStatusMessage : invalidClientStatusMessage),
});

/** Whether the client's open tasks still run (counted as overdue, e-mailed): only an active client's. */
export function isClientActive(status: ClientStatus): boolean {
  return status === 'ativo';
}
