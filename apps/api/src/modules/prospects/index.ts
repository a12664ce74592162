/**
 * The prospects module's public face: its routes, the conversion a registration through a
 * prospect's invitation runs, and the count by stage the planner chat's assistant answers with.
 */
export { countProspectsByStage } from './prospects.repo';
export { registerProspectRoutes } from './prospects.routes';
export { convertInvitedProspect } from './prospects.service';
