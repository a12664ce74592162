/** The payment error log's public face: its route (POST core/log) and the daily cleanup's removal. */
export { registerPaymentErrorLogRoutes } from './payment-error-logs.routes';
export { removeOldPaymentErrorLogs } from './payment-error-logs.service';
