/** The guided tour's public face: its routes. */
export { registerTourRoutes } from './tour.routes';
