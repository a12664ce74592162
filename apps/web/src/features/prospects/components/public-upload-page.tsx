import { Alert, Button, FileInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ChallengePrompt } from '../../../components/challenge-prompt';
import { PageLoader } from '../../../components/page-loader';
import { describeError } from '../../../lib/errors';
import { useSendProspectStatements, useUploadPage } from '../api/public-prospect-upload';

/** The prospect's own page: sends their statements once through the planner's link. */
export function PublicUploadPage({ organization, token }: { organization: string; token: string }) {
  const page = useUploadPage(organization, token);
  const send = useSendProspectStatements();
  const [files, setFiles] = useState<File[]>([]);
  if (page.isPending) return <PageLoader label="Carregando…" />;
  if (page.isError) {
    return (
      <Alert color="red" variant="light" title="Link indisponível">
        {describeError(page.error)}
      </Alert>
    );
  }
  if (send.isSuccess) {
    return (
      <Alert color="teal" variant="light" title="Extratos enviados">
        <Stack gap="xs">
          <Text size="sm">{send.data.detail}</Text>
          {send.data.rejected.map((file) => (
            <Text size="sm" key={file.name} c="red.8">
              {file.name}: {file.detail}
            </Text>
          ))}
        </Stack>
      </Alert>
    );
  }
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Envie seus extratos
        </Title>
        <Text size="sm">
          Olá, {page.data.prospect_name}! {page.data.planner_name}, de {page.data.organization}, vai preparar um
          diagnóstico das suas finanças a partir dos extratos do seu banco.
        </Text>
        <FileInput
          label="Extratos (OFX, XLS ou XLSX)"
          placeholder="Escolher arquivos"
          multiple
          accept=".ofx,.xls,.xlsx"
          value={files}
          onChange={setFiles}
          clearable
        />
        {send.isError ? (
          <Alert color="red" variant="light">
            {describeError(send.error)}
          </Alert>
        ) : null}
        <ChallengePrompt error={send.error} />
        <Button
          loading={send.isPending}
          disabled={files.length === 0}
          onClick={() => send.mutate({ organization, token, files })}
        >
          Enviar extratos
        </Button>
        <Text size="xs" c="dimmed">
          O link pode ser usado uma vez. Até 20 arquivos, 20 MB cada.
        </Text>
      </Stack>
    </Paper>
  );
}
