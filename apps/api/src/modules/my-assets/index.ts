/**
 * The my-assets module's public face: its routes (accounts and cards with their balances, card
 * bills, net worth); the balances, bills to pay and net worth the home page and Meu desempenho
 * read; the card instalments to come (the future flow); and how a card's lines are put on their
 * bills (completing a card's pendency does it too).
 */
export { registerMyAssetsRoutes } from './my-assets.routes';
export {
  assignCardLinesToBills,
  listMyAccounts,
  listProjectedInstalments,
  readMyAccountsAndBillsToPay,
  readNetWorth,
} from './my-assets.service';
