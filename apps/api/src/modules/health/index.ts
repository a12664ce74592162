/** The health module's public face: the check a load balancer calls. */
export { registerHealthRoutes } from './health.routes';
