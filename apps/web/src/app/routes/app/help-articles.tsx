import { HelpArticlesManager } from '../../../features/help/components/help-articles-manager';

/** The manager's help screen (needs the help toggle): each screen's article and video for the organization. */
export function HelpArticlesRoute() {
  return <HelpArticlesManager />;
}
