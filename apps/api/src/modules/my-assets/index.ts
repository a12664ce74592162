/**
 * The my-assets module's public face: its routes (accounts and cards with their balances, card
 * bills, net worth), net worth month by month (Meu desempenho reads it), and how a card's lines
 * are put on their bills (completing a card's pendency does it too).
 */
export { registerMyAssetsRoutes } from './my-assets.routes';
export { assignCardLinesToBills, readNetWorth } from './my-assets.service';
