import type { EditableHelpArticle, HelpArticle, OnboardingVideo } from '@prumo/contract/help';
import { type AppRouteName, appRoutes, findAppRoute } from '@prumo/domain/auth/routes';
import { type HelpArticleChange, helpMessages } from '@prumo/domain/help/help';
import type { Database } from '../../db/database';
import { failNotFound } from '../../lib/domain-errors';
import type { Caller } from '../../plugins/authentication';
import {
  deleteOrganizationArticle,
  findHiddenArticleSlugs,
  findOrganizationArticles,
  hideArticleForUser,
  type StoredHelpArticle,
  saveOrganizationArticle,
} from './help.repo';
import { renderArticleMarkdown } from './render-markdown';
import { listShippedArticles, type ShippedArticle } from './shipped-articles';

/** Prumo's article of a screen; an unknown slug is refused as the help desk always did. */
function findShippedArticle(slug: string): ShippedArticle {
  const article = listShippedArticles().get(slug);
  if (!article) failNotFound(helpMessages.articleNotFound);
  return article;
}

function describeArticle(shipped: ShippedArticle, own: StoredHelpArticle | undefined): HelpArticle {
  return {
    id: shipped.slug,
    slug: shipped.slug,
    title: own?.title ?? shipped.title,
    content: renderArticleMarkdown(own?.markdown ?? shipped.markdown),
    videoSource: own?.videoSource ?? null,
    description: own?.videoDescription ?? '',
    custom: own !== undefined,
  };
}

/** GET help/article/: the screen's article, the organization's own when it wrote one. */
export async function readScreenArticle(db: Database, caller: Caller, slug: string) {
  const shipped = findShippedArticle(slug);
  const [own] = await findOrganizationArticles(db, caller.organizationId, slug);
  return { slug, articles: [describeArticle(shipped, own)] };
}

/** GET help/onboarding/: the organization's help videos, each autoplaying until the user hides it. */
export async function listOnboardingVideos(
  db: Database,
  caller: Caller,
  autoplayOnly: boolean,
): Promise<OnboardingVideo[]> {
  const [own, hidden] = await Promise.all([
    findOrganizationArticles(db, caller.organizationId),
    findHiddenArticleSlugs(db, caller.userId),
  ]);
  const videos = own
    .filter((article) => article.videoSource !== null && listShippedArticles().has(article.slug))
    .map((article) => ({
      id: article.slug,
      title: article.title,
      description: article.videoDescription,
      videoSource: article.videoSource as string,
      autoplay: !hidden.has(article.slug),
    }))
    .sort((first, second) => first.id.localeCompare(second.id));
  return autoplayOnly ? videos.filter((video) => video.autoplay) : videos;
}

/** POST help/user-preference/: 'Não exibir novamente' for one article's video, kept per user. */
export async function hideArticleVideo(db: Database, caller: Caller, articleId: string) {
  findShippedArticle(articleId);
  await hideArticleForUser(db, caller.userId, articleId);
  return { articleId, hidden: true as const };
}

function describeEditable(shipped: ShippedArticle, own: StoredHelpArticle | undefined): EditableHelpArticle {
  const route = appRoutes.find((candidate) => candidate.name === shipped.slug);
  return {
    slug: shipped.slug,
    screen: route ? findAppRoute(route.name as AppRouteName).breadcrumb : shipped.title,
    title: own?.title ?? shipped.title,
    markdown: own?.markdown ?? shipped.markdown,
    videoSource: own?.videoSource ?? null,
    videoDescription: own?.videoDescription ?? '',
    custom: own !== undefined,
    updatedAt: own?.updatedAt.toISOString() ?? null,
  };
}

/** Every screen's article as the manager edits it. */
export async function listEditableArticles(db: Database, caller: Caller): Promise<EditableHelpArticle[]> {
  const own = new Map((await findOrganizationArticles(db, caller.organizationId)).map((row) => [row.slug, row]));
  return [...listShippedArticles().values()].map((shipped) => describeEditable(shipped, own.get(shipped.slug)));
}

export async function saveEditableArticle(
  db: Database,
  caller: Caller,
  slug: string,
  change: HelpArticleChange,
): Promise<EditableHelpArticle> {
  const shipped = findShippedArticle(slug);
  const saved = await saveOrganizationArticle(db, {
    organizationId: caller.organizationId,
    slug,
    title: change.title,
    markdown: change.markdown,
    videoSource: change.videoSource,
    videoDescription: change.videoDescription,
    updatedByUserId: caller.userId,
  });
  return describeEditable(shipped, saved);
}

export async function restoreShippedArticle(db: Database, caller: Caller, slug: string): Promise<EditableHelpArticle> {
  const shipped = findShippedArticle(slug);
  await deleteOrganizationArticle(db, caller.organizationId, slug);
  return describeEditable(shipped, undefined);
}
