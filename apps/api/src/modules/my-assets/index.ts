/**
 * The my-assets module's public face: its routes (accounts and cards with their balances, card
 * bills, net worth); the balances, bills to pay and net worth the home page and Meu desempenho
 * read; and how a card's lines are put on their bills (completing a card's pendency does it too).
 */
export { registerMyAssetsRoutes } from './my-assets.routes';
export { assignCardLinesToBills, listCardBillsToPay, listMyAccounts, readNetWorth } from './my-assets.service';
