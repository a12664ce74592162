import type { EditableHelpArticle } from '@prumo/contract/help';
import type { HelpArticleChangeSchema } from '@prumo/domain/help/help';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestApi } from '../../../lib/api-client';
import { helpQueryKeys } from './help-articles';

export type HelpArticleInput = z.input<typeof HelpArticleChangeSchema>;

/** GET help/articles/: every screen's article as the manager edits it. */
export function getEditableHelpArticles(signal?: AbortSignal): Promise<EditableHelpArticle[]> {
  return requestApi<EditableHelpArticle[]>('help/articles/', { signal });
}

export function editableHelpArticlesQueryOptions() {
  return queryOptions({ queryKey: helpQueryKeys.editable, queryFn: ({ signal }) => getEditableHelpArticles(signal) });
}

export function useEditableHelpArticles() {
  return useQuery(editableHelpArticlesQueryOptions());
}

/** PUT help/articles/{slug}/: the organization's own article and video for a screen. */
export function saveHelpArticle({ slug, change }: { slug: string; change: HelpArticleInput }) {
  return requestApi<EditableHelpArticle>(`help/articles/${encodeURIComponent(slug)}/`, { method: 'PUT', body: change });
}

/** DELETE help/articles/{slug}/: back to Prumo's article. */
export function restoreHelpArticle(slug: string) {
  return requestApi<EditableHelpArticle>(`help/articles/${encodeURIComponent(slug)}/`, { method: 'DELETE' });
}

function useRefreshHelp() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['help'] });
}

export function useSaveHelpArticle() {
  const refresh = useRefreshHelp();
  return useMutation({ mutationFn: saveHelpArticle, onSuccess: refresh });
}

export function useRestoreHelpArticle() {
  const refresh = useRefreshHelp();
  return useMutation({ mutationFn: restoreHelpArticle, onSuccess: refresh });
}
