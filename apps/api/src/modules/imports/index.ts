/**
 * The imports module's public face: its routes (uploads, bundles, files, pendencies), the files as
 * an import task shows them, and the clean-up of what interrupted imports leave behind (at start
 * and daily). Prospects reuse its upload reading, limits, identities and read statuses.
 */
export { removeImportLeftovers } from './import-leftovers';
export { registerImportRoutes } from './imports.routes';
export {
  createIdentityKeyBuilder,
  describeStatementRead,
  failAllRejected,
  type ImportedPeriod,
  importMessages,
  presentFileRead,
  presentFiles,
  type ReceivedUpload,
  readUploadedStatement,
  type SyncedAccount,
  storeSyncedLines,
  widenImportedPeriod,
  withUploadedFiles,
} from './imports.service';
