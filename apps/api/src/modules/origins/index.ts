/**
 * The origins module's public face: its routes (accounts and cards, manual accounts, their months)
 * and how an account is named everywhere (the cash flow's lines, the imports' files and pendencies).
 */
export { describeOrigin, type OriginIdentityView } from './origin-name';
export { registerOriginRoutes } from './origins.routes';
