import { shiftDay } from '../br/date';

/**
 * An organization with the `tryout` flag is on trial (ADR 37): it works in full, with at most
 * `trialClientLimit` clients, until its last trial day; after that day it keeps every account and
 * every figure, but registers nobody new until the flag is turned off.
 */
export const trialLengthDays = 30;
export const trialClientLimit = 10;

export const trialMessages = {
  ended: 'O período de experiência desta organização terminou. Fale com o gestor da organização.',
  clientLimit: `Esta organização está em período de experiência e já tem ${trialClientLimit} clientes, o limite do período.`,
} as const;

/** The trial's last day: the one the platform set, else `trialLengthDays` after the organization's creation. */
export function findTrialLastDay(createdOn: string, trialEndsOn: string | null): string {
  return trialEndsOn ?? shiftDay(createdOn, trialLengthDays);
}

/** Whole days of trial left counting today (the last day counts 1); 0 once it has ended. */
export function countTrialDaysLeft(lastDay: string, today: string): number {
  const milliseconds = Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.max(0, Math.round(milliseconds / 86_400_000) + 1);
}

/** "Faltam 12 dias", "Último dia", "Encerrado": how the banner words the days left. */
export function describeTrialDaysLeft(daysLeft: number): string {
  if (daysLeft <= 0) return 'Período de experiência encerrado';
  if (daysLeft === 1) return 'Último dia do período de experiência';
  return `Faltam ${daysLeft} dias do período de experiência`;
}
