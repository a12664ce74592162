/**
 * The imports module's public face: its routes (uploads, bundles, files, pendencies), the files as
 * an import task shows them, and the clean-up of what interrupted imports leave behind (at start
 * and daily).
 */
export { removeImportLeftovers } from './import-leftovers';
export { registerImportRoutes } from './imports.routes';
export { presentFiles } from './imports.service';
