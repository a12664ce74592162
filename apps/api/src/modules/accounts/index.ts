/** The accounts module's public face: its routes, and the branded e-mails other modules send. */
export { findPublicOrigin, sendBrandedEmail } from './account-emails';
export { registerAccountRoutes } from './accounts.routes';
