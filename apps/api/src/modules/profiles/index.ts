/**
 * The profiles module's public face: its routes, the month rule's SQL the client book reads a month
 * with, and the book itself (the planner chat's assistant reads the planner's clients through it).
 */
export { buildMonthBudgetSql, type ClientBookFilters, findClientBook } from './client-book.repo';
export { registerProfileRoutes } from './profiles.routes';
