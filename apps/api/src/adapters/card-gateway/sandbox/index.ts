/** The embedded sandbox gateway's public face: its HTTP routes, its jobs, and what the in-process adapter calls. */

export { deleteDeadTokens } from './sandbox.repo';
export { registerSandboxGatewayRoutes, sandboxApiPath, sandboxGatewayPrefix } from './sandbox.routes';
export {
  authenticateSecretKey,
  cancelCharge,
  createCustomer,
  createOrder,
  createSandboxAccount,
  deleteCard,
  readCharge,
  type SandboxDependencies,
  saveCard,
} from './sandbox.service';
export { SandboxGatewayError } from './sandbox-errors';
export { changeRecipientBankAccount, createRecipient } from './sandbox-recipients';
export { chargeSettlementJob } from './sandbox-settlement';
export { readSandboxKeySet } from './sandbox-signing-keys';
export { webhookDeliveryJob } from './sandbox-webhooks';
