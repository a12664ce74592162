/** The indicators module's public face: the manager's indicators and their spreadsheet (ADR 36). */
export { registerIndicatorRoutes } from './indicators.routes';
