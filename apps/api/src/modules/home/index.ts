/** The home module's public face: the client's home page call. */
export { registerHomeRoutes } from './home.routes';
