/**
 * The categories module's public face: its routes (categories, descriptions, recommendations,
 * banks), the organization's default categories a new organization and the seeds start from, and
 * the categorizer that suggests a category for imported lines.
 */
export {
  findDescriptionIdsByNames,
  insertDefaultCategories,
  insertMissingDefaultCategories,
} from './categories.repo';
export { registerCategoryRoutes } from './categories.routes';
export {
  type CategorySuggestion,
  createCategorizer,
  type LineToCategorize,
  prepareCategorizer,
  suggestCategories,
} from './categorizer';
