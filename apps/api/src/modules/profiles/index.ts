/** The profiles module's public face: its routes. */
export { registerProfileRoutes } from './profiles.routes';
