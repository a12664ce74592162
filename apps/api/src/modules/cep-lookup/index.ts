/** The CEP lookup's public face: its route (the address form fills itself from a CEP). */
export { registerCepLookupRoutes } from './cep-lookup.routes';
