/**
 * The payment gateway module's public face: the gateway settings and webhook routes, and the job
 * and types through which the subscriptions module handles the gateway's events.
 */
export {
  createGatewayEventJob,
  type GatewayEvent,
  type GatewayEventContext,
  type GatewayEventHandler,
  markGatewayEventOnly,
  readEventCharge,
} from './gateway-events';
export { registerPaymentGatewayRoutes } from './payment-gateway.routes';
export { paymentGatewayMessages } from './payment-gateway.service';
