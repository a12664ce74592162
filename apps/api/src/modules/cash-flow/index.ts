/**
 * The cash-flow module's public face: its routes (lines, summary, charts, export), the lines other
 * modules list or sum (a categorizing task, the budget comparison), the sums and fixed lines the
 * future flow projects from, and the period schema other lists of a client's lines share.
 */
export {
  type ClientVersions,
  findClientVersions,
  findFixedLines,
  type KnownBalance,
  sumBalanceMovesAround,
  sumByMonthAndCategory,
} from './cash-flow.repo';
export { registerCashFlowRoutes } from './cash-flow.routes';
export { listCashFlow, sumCashFlowByDescription } from './cash-flow.service';
export { describeClientQuery, reuseAtVersion } from './cash-flow-cache';
export { addPeriodOrderIssue, type CashFlowFilter, QueryDateSchema } from './cash-flow-filters';
