import { z } from 'zod';

/** POST core/log's answer: the stored report's id (support finds it by it). */
export const PaymentErrorLoggedSchema = z.object({ id: z.number().int() });
export type PaymentErrorLogged = z.infer<typeof PaymentErrorLoggedSchema>;
