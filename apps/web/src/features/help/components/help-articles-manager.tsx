import { Badge, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { EditableHelpArticle } from '@prumo/contract/help';
import { helpDescriptionLimit, helpMessages } from '@prumo/domain/help/help';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { createFormMutationErrorHandler, notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useEditableHelpArticles, useRestoreHelpArticle, useSaveHelpArticle } from '../api/manage-help-articles';

/** The manager's help screen: each screen's article and video, replaced for the organization or restored. */
export function HelpArticlesManager() {
  const articles = useEditableHelpArticles();
  const [slug, setSlug] = useState<string | null>('dashboard');
  const selected = articles.data?.find((article) => article.slug === slug) ?? null;
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Artigos de ajuda"
        description="O texto que o botão de ajuda mostra em cada tela e, se quiser, um vídeo de tutorial."
      />
      {articles.isPending ? <PageLoader label="Carregando artigos…" /> : null}
      {articles.isError ? (
        <ErrorState message={describeError(articles.error)} onRetry={() => articles.refetch()} />
      ) : null}
      {articles.data ? (
        <Stack gap="md">
          <Select
            label="Tela"
            searchable
            allowDeselect={false}
            value={slug}
            onChange={setSlug}
            data={articles.data.map((article) => ({
              value: article.slug,
              label: `${article.screen}${article.custom ? ' (personalizado)' : ''}`,
            }))}
          />
          {selected ? <HelpArticleForm key={`${selected.slug}-${selected.updatedAt}`} article={selected} /> : null}
        </Stack>
      ) : null}
    </Paper>
  );
}

function HelpArticleForm({ article }: { article: EditableHelpArticle }) {
  const save = useSaveHelpArticle();
  const restore = useRestoreHelpArticle();
  const form = useForm({
    initialValues: {
      title: article.title,
      markdown: article.markdown,
      videoSource: article.videoSource ?? '',
      videoDescription: article.videoDescription,
    },
    validate: {
      title: (value) => (value.trim() ? null : helpMessages.titleRequired),
      markdown: (value) => (value.trim() ? null : helpMessages.markdownRequired),
      videoDescription: (value) => (value.length > helpDescriptionLimit ? helpMessages.descriptionTooLong : null),
    },
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { slug: article.slug, change: { ...values, videoSource: values.videoSource.trim() || null } },
      {
        onSuccess: () => notifySuccess(helpMessages.saved),
        onError: createFormMutationErrorHandler(form, {
          fields: ['title', 'markdown', 'videoSource', 'videoDescription'],
        }),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={article.custom ? 'blue' : 'gray'} variant="light">
            {article.custom ? 'Personalizado pela organização' : 'Artigo padrão da Prumo'}
          </Badge>
        </Group>
        <TextInput label="Título" required {...form.getInputProps('title')} />
        <Textarea
          label="Texto (Markdown)"
          description="Títulos com #, listas com -, **negrito** e links. Scripts e HTML perigoso são removidos."
          autosize
          minRows={8}
          maxRows={20}
          required
          {...form.getInputProps('markdown')}
        />
        <TextInput
          label="Vídeo (opcional)"
          description="https://www.youtube-nocookie.com/embed/… ou https://player.vimeo.com/video/…"
          placeholder="https://www.youtube-nocookie.com/embed/…"
          {...form.getInputProps('videoSource')}
        />
        <Textarea
          label="Descrição do vídeo"
          autosize
          minRows={2}
          maxLength={helpDescriptionLimit}
          {...form.getInputProps('videoDescription')}
        />
        <Text size="xs" c="dimmed">
          O vídeo abre sozinho nesta tela até cada pessoa marcar “Não exibir novamente”.
        </Text>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {article.custom ? (
            <Button
              variant="default"
              loading={restore.isPending}
              onClick={() =>
                restore.mutate(article.slug, {
                  onSuccess: () => notifySuccess(helpMessages.restored),
                  onError: (error) => notifyMutationError(error),
                })
              }
            >
              Restaurar padrão
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            Salvar artigo
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
