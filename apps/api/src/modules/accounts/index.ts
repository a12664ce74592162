/**
 * The accounts module's public face: its routes, the branded e-mails other modules send, the user a
 * seed inserts, and the expired tokens the nightly cleanup removes.
 */
export { type EmailLogger, findPublicOrigin, sendBrandedEmail } from './account-emails';
export { insertUserWithProfile, removeDeadTokens } from './accounts.repo';
export { registerAccountRoutes } from './accounts.routes';
