/** The tasks module's public face: its routes, and how other modules open and close a client's tasks. */
export { registerTaskRoutes } from './tasks.routes';
export {
  closeCategorizingTask,
  completeImportTasks,
  describeAlreadyOpen,
  emailTaskToClient,
  finishPlanningTask,
  listTasks,
  openCategorizingTask,
  openTask,
  type PlanningRules,
} from './tasks.service';
