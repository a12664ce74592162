/** The chats module's public face: the client chat's and the planner chat's routes. */
export { registerChatRoutes } from './chats.routes';
