import { Alert } from '@mantine/core';
import type { OrganizationTrial } from '@prumo/contract/profiles';
import { formatBrazilianDate } from '@prumo/domain/br/date';
import { describeTrialDaysLeft } from '@prumo/domain/organization/trial';

/** A trial organization's manager sees, on every page, the days left and the clients used (ADR 37). */
export function TrialBanner({ trial }: { trial: OrganizationTrial }) {
  const lastDay = formatBrazilianDate(trial.last_day);
  return (
    <Alert
      color={trial.ended ? 'red' : trial.days_left <= 7 ? 'orange' : 'blue'}
      variant="light"
      title={describeTrialDaysLeft(trial.days_left)}
      mb="md"
      role="status"
    >
      {trial.ended
        ? `O período terminou em ${lastDay}. Quem já usa o Prumo continua entrando, mas ninguém novo se cadastra até a contratação.`
        : `Até ${lastDay}. Clientes: ${trial.clients_count} de ${trial.clients_limit} no período de experiência.`}
    </Alert>
  );
}
