/**
 * The accounts module's public face: its routes, the branded e-mails other modules send, the user a
 * seed inserts, the expired tokens the nightly cleanup removes, and an account holder's name and CPF.
 */
export { type EmailLogger, findPublicOrigin, sendBrandedEmail } from './account-emails';
export { findAccountHolder, insertUserWithProfile, removeDeadTokens } from './accounts.repo';
export { registerAccountRoutes } from './accounts.routes';
