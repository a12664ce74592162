/**
 * The future-flow module's public face: its routes (the months, their chart, a month's plan), the
 * months the home page reads, and the months' actual and planned figures other screens show beside
 * it (Meu desempenho).
 */
export { registerFutureFlowRoutes } from './future-flow.routes';
export { buildFutureFlowChart, findMonthFigures, listFutureFlowMonths } from './future-flow.service';
