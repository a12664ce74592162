import type { OrganizationTrial } from '@prumo/contract/profiles';
import type { AccessLevel } from '@prumo/domain/auth/roles';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import {
  countTrialDaysLeft,
  findTrialLastDay,
  trialClientLimit,
  trialMessages,
} from '@prumo/domain/organization/trial';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotAllowed } from '../../lib/domain-errors';
import { countOrganizationClients, type OrganizationWithFeatures } from './organizations.repo';

/**
 * The trial of an organization with the `tryout` flag (ADR 37), null without it: its last day,
 * the days left counting today in Brazil, and how many of its `trialClientLimit` clients it has.
 */
export async function describeTrial(
  deps: AppDependencies,
  { organization, featureCodes }: OrganizationWithFeatures,
  now: Date = new Date(),
): Promise<OrganizationTrial | null> {
  if (!featureCodes.includes('tryout')) return null;
  const lastDay = findTrialLastDay(findTodayInBrazil(organization.createdAt), organization.trialEndsOn);
  const daysLeft = countTrialDaysLeft(lastDay, findTodayInBrazil(now));
  return {
    last_day: lastDay,
    days_left: daysLeft,
    ended: daysLeft === 0,
    clients_limit: trialClientLimit,
    clients_count: await countOrganizationClients(deps.db, organization.id),
  };
}

/**
 * Before a registration through an invitation: an ended trial registers nobody (403), and a trial
 * registers clients up to its limit (400). Everyone already registered keeps working.
 */
export async function ensureTrialAllowsRegistration(
  deps: AppDependencies,
  organization: OrganizationWithFeatures,
  role: AccessLevel,
): Promise<void> {
  const trial = await describeTrial(deps, organization);
  if (!trial) return;
  if (trial.ended) failNotAllowed(trialMessages.ended);
  if (role === 'client' && trial.clients_count >= trial.clients_limit) failInvalid(trialMessages.clientLimit);
}
