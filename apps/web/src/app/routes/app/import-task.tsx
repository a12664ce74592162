import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { paths } from '../../../config/paths';
import { useImportBundle } from '../../../features/imports/api/get-import-bundle';
import { usePendencies } from '../../../features/imports/api/get-pendencies';
import { FileName } from '../../../features/imports/components/file-name';
import { PendenciesPanel } from '../../../features/imports/components/pendencies-panel';
import { ReadStatusBadge } from '../../../features/imports/components/read-status-badge';
import { useChangeTaskStatus } from '../../../features/tasks/api/change-task-status';
import { useImportTask } from '../../../features/tasks/api/get-import-task';
import { describeTaskPeriod } from '../../../features/tasks/components/task-period';
import { describeError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';

const positiveId = /^[1-9]\d{0,9}$/;

/**
 * arquivo/:clientId/:bundleId/:taskId: an import task's files — how each was read — and the
 * pendencies its new accounts and cards still have. Once none is left, the task is done.
 */
export function ImportTaskRoute() {
  const { organization = '', clientId = '', bundleId = '', taskId = '' } = useParams();
  if (![clientId, bundleId, taskId].every((id) => positiveId.test(id))) {
    return <Navigate to={paths.app.routes.arquivo.getHref(organization)} replace />;
  }
  return <ImportTaskScreen key={`${clientId}-${bundleId}-${taskId}`} bundleId={bundleId} taskId={taskId} />;
}

function ImportTaskScreen({ bundleId, taskId }: { bundleId: string; taskId: string }) {
  const task = useImportTask(taskId);
  const bundle = useImportBundle(bundleId);
  const pendencies = usePendencies();
  const changeStatus = useChangeTaskStatus();
  const completionAsked = useRef(false);
  const fileIds = bundle.data?.files.map((file) => file.id) ?? [];
  const openPendencies = pendencies.data?.filter((pendency) => fileIds.includes(pendency.fileId)).length ?? null;
  const canComplete = task.data?.status === 'pending' && bundle.data !== undefined && openPendencies === 0;

  const complete = () => {
    if (!task.data) return;
    changeStatus.mutate(
      { id: task.data.id, status: 'done' },
      {
        onSuccess: () => notifySuccess('Tarefa de importação concluída'),
        onError: (error) => {
          notifyMutationError(error);
        },
      },
    );
  };
  // The pendencies done, the task is done too: once per visit, the button stays for a retry.
  useEffect(() => {
    if (!canComplete || completionAsked.current) return;
    completionAsked.current = true;
    complete();
  });

  if (task.isPending || bundle.isPending) return <PageLoader label="Carregando importação…" />;
  if (task.isError || bundle.isError) {
    const error = task.error ?? bundle.error;
    return (
      <ErrorState
        message={describeError(error)}
        onRetry={() => {
          void task.refetch();
          void bundle.refetch();
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={1} size="h3">
              {task.data.title}
            </Title>
            <Text size="sm" c="dimmed">
              {describeTaskPeriod(task.data)} · importação de {formatDateTime(bundle.data.created_at, '')}
            </Text>
          </Stack>
          {task.data.status === 'done' ? (
            <Badge color="green" variant="light">
              Tarefa concluída
            </Badge>
          ) : (
            <Button onClick={complete} disabled={!canComplete} loading={changeStatus.isPending}>
              Concluir tarefa
            </Button>
          )}
        </Group>
        {task.data.status === 'pending' && openPendencies !== null && openPendencies > 0 ? (
          <Text size="sm" mt="xs">
            Resolva as pendências abaixo para concluir a tarefa.
          </Text>
        ) : null}
      </Paper>
      <Paper withBorder p="md">
        <SectionHeader title="Arquivos desta importação" />
        {bundle.data.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            Os arquivos desta importação foram excluídos.
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label="Arquivos desta importação">
            {bundle.data.files.map((file) => (
              <Paper key={file.id} withBorder p="sm" role="listitem" aria-label={file.name}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <FileName name={file.name} size="sm" fw={500} />
                  <ReadStatusBadge readStatus={file.read_status} />
                </Group>
                <Text size="xs" c="dimmed">
                  {file.transactions_added} de {file.transactions_read} lançamentos adicionados
                  {file.read_warning ? ` · ${file.read_warning}` : ''}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Paper>
      <PendenciesPanel fileIds={fileIds} />
    </Stack>
  );
}
