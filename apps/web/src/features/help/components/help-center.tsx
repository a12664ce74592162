import { ActionIcon, Box, Button, Modal, Stack, Text, Tooltip } from '@mantine/core';
import type { OnboardingVideo } from '@prumo/contract/help';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { describeError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { useHelpArticle, useHideHelpVideo, useOnboardingVideos } from '../api/help-articles';
import { HelpVideoModal } from './help-video-modal';

type HelpEntry = { kind: 'article'; slug: string } | { kind: 'video'; video: OnboardingVideo };

/**
 * The help button of the top bar and the help stack it opens: the screen's article, and over it its
 * video. The stack empties on each route change. A screen's video also opens by itself once per
 * visit until the user checks 'Não exibir novamente'.
 */
export function HelpCenter({ screen, autoplay }: { screen: string | null; autoplay: boolean }) {
  const location = useLocation();
  const [stack, setStack] = useState<HelpEntry[]>([]);
  const videos = useOnboardingVideos({ enabled: true });
  const hideVideo = useHideHelpVideo();
  // Closed during this visit of the screen: not reopened until the user comes back to it.
  const closedHere = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the stack clears on every address change on purpose
  useEffect(() => {
    setStack([]);
    closedHere.current = null;
  }, [location.pathname]);

  useEffect(() => {
    if (!screen || !autoplay || closedHere.current === screen) return;
    const video = videos.data?.find((candidate) => candidate.id === screen && candidate.autoplay);
    if (video) setStack((current) => (current.length === 0 ? [{ kind: 'video', video }] : current));
  }, [screen, autoplay, videos.data]);

  const top = stack.at(-1) ?? null;
  const pop = () => setStack((current) => current.slice(0, -1));
  const articleEntry = stack.find((entry) => entry.kind === 'article');
  const videoEntry = top?.kind === 'video' ? top : null;

  const closeVideo = ({ hideForever }: { hideForever: boolean }) => {
    if (videoEntry) {
      closedHere.current = videoEntry.video.id;
      if (hideForever) hideVideo.mutate(videoEntry.video.id, { onError: (error) => notifyMutationError(error) });
    }
    pop();
  };

  return (
    <>
      {screen ? (
        <Tooltip label="Ajuda desta tela">
          <ActionIcon
            variant="subtle"
            size="lg"
            radius="xl"
            aria-label="Ajuda"
            onClick={() => setStack([{ kind: 'article', slug: screen }])}
          >
            <Text fw={700} aria-hidden>
              ?
            </Text>
          </ActionIcon>
        </Tooltip>
      ) : null}
      <HelpArticleModal
        slug={articleEntry?.kind === 'article' ? articleEntry.slug : null}
        opened={top?.kind === 'article'}
        onClose={pop}
        onWatch={(video) => setStack((current) => [...current, { kind: 'video', video }])}
      />
      <HelpVideoModal video={videoEntry?.video ?? null} opened={videoEntry !== null} onClose={closeVideo} />
    </>
  );
}

function HelpArticleModal({
  slug,
  opened,
  onClose,
  onWatch,
}: {
  slug: string | null;
  opened: boolean;
  onClose: () => void;
  onWatch: (video: OnboardingVideo) => void;
}) {
  const answer = useHelpArticle(slug);
  const article = answer.data?.articles[0];
  return (
    <Modal opened={opened} onClose={onClose} title={article?.title ?? 'Ajuda'} size="lg" centered>
      {answer.isPending ? <PageLoader label="Carregando ajuda…" /> : null}
      {answer.isError ? <ErrorState message={describeError(answer.error)} onRetry={() => answer.refetch()} /> : null}
      {article ? (
        <Stack gap="md">
          {/* Rendered and sanitized by the API: the HTML carries no script, event attribute or unsafe link. */}
          <Box
            className="help-article"
            style={{ overflowWrap: 'anywhere' }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (render-markdown.ts)
            dangerouslySetInnerHTML={{ __html: article.content }}
          />
          {article.videoSource ? (
            <Button
              variant="light"
              onClick={() =>
                onWatch({
                  id: article.id,
                  title: article.title,
                  description: article.description,
                  videoSource: article.videoSource as string,
                  autoplay: false,
                })
              }
            >
              Assistir ao vídeo
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
