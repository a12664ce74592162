/** The banks' statement guides ('Alerta de integração'): GET bank/, the managers' edits, the illustrations. */
export { registerBankGuideRoutes } from './bank-guides.routes';
