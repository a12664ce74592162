import type { HelpArticleAnswer, OnboardingVideo } from '@prumo/contract/help';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export const helpQueryKeys = {
  article: (slug: string) => ['help', 'article', slug] as const,
  onboarding: ['help', 'onboarding'] as const,
  editable: ['help', 'editable'] as const,
};

/** GET help/article/?slug=: the screen's article (the organization's own when it wrote one). */
export function getHelpArticle(slug: string, signal?: AbortSignal): Promise<HelpArticleAnswer> {
  return requestApi<HelpArticleAnswer>('help/article/', { query: { slug }, signal });
}

export function helpArticleQueryOptions(slug: string) {
  return queryOptions({
    queryKey: helpQueryKeys.article(slug),
    queryFn: ({ signal }) => getHelpArticle(slug, signal),
    staleTime: 5 * 60_000,
  });
}

export function useHelpArticle(slug: string | null) {
  return useQuery({ ...helpArticleQueryOptions(slug ?? ''), enabled: slug !== null });
}

/** GET help/onboarding/?autoplay=true: the videos that still open by themselves for this user. */
export function getOnboardingVideos(signal?: AbortSignal): Promise<OnboardingVideo[]> {
  return requestApi<OnboardingVideo[]>('help/onboarding/', { query: { autoplay: 'true' }, signal });
}

export function onboardingVideosQueryOptions() {
  return queryOptions({
    queryKey: helpQueryKeys.onboarding,
    queryFn: ({ signal }) => getOnboardingVideos(signal),
    staleTime: 5 * 60_000,
  });
}

export function useOnboardingVideos(options: { enabled: boolean }) {
  return useQuery({ ...onboardingVideosQueryOptions(), enabled: options.enabled });
}

/** POST help/user-preference/: 'Não exibir novamente' for one article's video. */
export function hideHelpVideo(articleId: string): Promise<{ articleId: string; hidden: true }> {
  return requestApi('help/user-preference/', { method: 'POST', body: { articleId } });
}

export function useHideHelpVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideHelpVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpQueryKeys.onboarding }),
  });
}
