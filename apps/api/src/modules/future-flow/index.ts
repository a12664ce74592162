/** The future-flow module's public face: its routes (the months, their chart, a month's plan) and the months the home page reads. */
export { registerFutureFlowRoutes } from './future-flow.routes';
export { listFutureFlowMonths } from './future-flow.service';
