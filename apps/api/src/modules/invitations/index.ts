/** The invitations module's public face: its routes, and how a registration takes its role from a link. */
export { createInvitationToken, insertInvitation, revokeInvitation } from './invitations.repo';
export { registerInvitationRoutes } from './invitations.routes';
export { claimUsedInvitation, type ResolvedInvitation, resolveInvitation } from './invitations.service';
