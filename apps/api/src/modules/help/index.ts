/** The help desk's public face: its routes. */
export { registerHelpRoutes } from './help.routes';
