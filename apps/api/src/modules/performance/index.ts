/** The performance module's public face: Meu desempenho's route, and its figures (the assistant's savings rate). */
export { registerPerformanceRoutes } from './performance.routes';
export { readMyPerformance } from './performance.service';
