/** The performance module's public face: Meu desempenho's route. */
export { registerPerformanceRoutes } from './performance.routes';
