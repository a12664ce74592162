/** The future-flow module's public face: its routes (the months, their chart, a month's plan). */
export { registerFutureFlowRoutes } from './future-flow.routes';
