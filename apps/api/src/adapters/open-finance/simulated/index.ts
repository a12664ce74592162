/** The embedded simulated Open Finance institution: its HTTP pages and what the in-process connector calls. */

export { registerSimulatorRoutes } from './simulator.routes';
export {
  claimSimulatorLink,
  createSimulatorConsent,
  exchangeSimulatorCode,
  listSimulatorAccounts,
  listSimulatorInvestments,
  listSimulatorLines,
  readSimulatorLink,
  removeStaleSimulatorConsents,
  revokeSimulatorConsent,
  type SimulatorDependencies,
  SimulatorError,
  simulatorCredentials,
} from './simulator.service';
export { listDirectoryOrganisations, simulatedBs2InstitutionId, simulatorPrefix } from './simulator-directory';
export { findLedgerBankCode } from './simulator-ledger';
