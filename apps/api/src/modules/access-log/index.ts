/** The access-log module's public face: its routes, and recording an opening from other modules. */
export { registerAccessLogRoutes } from './access-log.routes';
export { recordClientAccess } from './access-log.service';
