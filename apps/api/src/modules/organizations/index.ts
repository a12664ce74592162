/** The organizations module's public face: its routes (custom e-mails too) and what other modules read of an organization. */
export { registerCustomEmailRoutes } from './custom-emails';
export { describeTrial, ensureTrialAllowsRegistration } from './organization-trial';
export { presentOrganization } from './organization-view';
export {
  findOrganizationById,
  findOrganizationBySlug,
  type OrganizationRow,
  type OrganizationWithFeatures,
} from './organizations.repo';
export { registerOrganizationRoutes } from './organizations.routes';
export {
  endOrganizationRegistration,
  findExistingOrganization,
  findOrganizationAwaitingManager,
} from './organizations.service';
