import { Alert, Button, Checkbox, FileInput, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { Prospect, ProspectLink } from '@prumo/contract/prospects';
import { statementUploadLimits, statementUploadMessages } from '@prumo/domain/statements/upload-limits';
import { useState } from 'react';
import { CopyLinkField } from '../../../components/copy-link-field';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useCreateUploadLink, useInviteProspect } from '../api/create-prospect-links';
import { usePlanChoices } from '../api/get-plan-choices';
import { useProspectBundle } from '../api/get-prospect-bundle';
import { useUploadProspectStatements } from '../api/upload-prospect-statements';
import { DiagnosisView } from './diagnosis-view';
import { ProspectStageBadge } from './prospect-stage-badge';

const acceptedExtensions = ['ofx', 'xls', 'xlsx'];

/** Files the API would refuse whole, told before anything is sent (the API checks again). */
function checkStatementFiles(files: File[]): string | null {
  if (files.length > statementUploadLimits.maxFiles) return statementUploadMessages.tooMany;
  if (files.some((file) => !acceptedExtensions.includes(file.name.split('.').pop()?.toLowerCase() ?? ''))) {
    return 'Formato não aceito: envie arquivos xlsx, ofx ou xls.';
  }
  if (files.some((file) => file.size > statementUploadLimits.maxFileBytes)) return statementUploadMessages.tooLarge;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > statementUploadLimits.maxTotalBytes) return statementUploadMessages.uploadTooLarge;
  return null;
}

function StatementsSection({ prospect }: { prospect: Prospect }) {
  const bundle = useProspectBundle(prospect.id);
  const upload = useUploadProspectStatements();
  const [files, setFiles] = useState<File[]>([]);
  const converted = prospect.stage === 'convertido';
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Extratos
        </Title>
        {!converted ? (
          <Group align="flex-end" gap="sm">
            <FileInput
              label="Arquivos OFX, XLS ou XLSX"
              placeholder="Escolher extratos"
              multiple
              accept=".ofx,.xls,.xlsx"
              value={files}
              onChange={setFiles}
              clearable
              flex={1}
              miw={200}
            />
            <Button
              loading={upload.isPending}
              disabled={files.length === 0}
              onClick={() => {
                const problem = checkStatementFiles(files);
                if (problem) {
                  notifyError(problem);
                  return;
                }
                upload.mutate(
                  { prospectId: prospect.id, files },
                  {
                    onSuccess: (answer) => {
                      setFiles([]);
                      const added = answer.files.reduce((total, file) => total + file.transactions_added, 0);
                      notifySuccess(`${answer.files.length} extrato(s) lido(s), ${added} lançamento(s) novo(s)`);
                      for (const rejected of answer.rejected) notifyError(`${rejected.name}: ${rejected.detail}`);
                    },
                    onError: (error) => notifyMutationError(error),
                  },
                );
              }}
            >
              Enviar extratos
            </Button>
          </Group>
        ) : null}
        {bundle.isPending ? (
          <PageLoader label="Carregando extratos…" />
        ) : bundle.data && bundle.data.files.length > 0 ? (
          <List size="sm" spacing={4} aria-label="Extratos do prospect">
            {bundle.data.files.map((file) => (
              <List.Item key={file.id}>
                <Text size="sm" span fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>{' '}
                <Text size="sm" span c="dimmed">
                  · {file.transactions_added} lançamentos novos
                  {file.duplicates_ignored > 0 ? `, ${file.duplicates_ignored} repetidos` : ''}
                  {file.uploaded_by === 'prospect' ? ' · enviado pelo prospect' : ''}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            Nenhum extrato enviado ainda.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function LinkResult({ label, link }: { label: string; link: ProspectLink | null }) {
  if (!link) return null;
  return (
    <Stack gap={4}>
      <CopyLinkField label={label} link={link.url} />
      <Text size="xs" c="dimmed">
        Vale até {formatDateTime(link.expires_at, '')}
        {link.emailed ? ' · enviado por e-mail' : ''}
      </Text>
    </Stack>
  );
}

function UploadLinkSection({ prospect }: { prospect: Prospect }) {
  const createLink = useCreateUploadLink();
  const [sendEmail, setSendEmail] = useState(Boolean(prospect.email));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Link para o prospect enviar extratos
        </Title>
        <Text size="sm" c="dimmed">
          Um link de uso único, válido por 7 dias, para o prospect enviar os próprios extratos.
        </Text>
        <Checkbox
          label="Enviar por e-mail ao prospect"
          checked={sendEmail}
          disabled={!prospect.email}
          onChange={(event) => setSendEmail(event.currentTarget.checked)}
        />
        <Group>
          <Button
            variant="light"
            loading={createLink.isPending}
            onClick={() =>
              createLink.mutate(
                { prospectId: prospect.id, sendEmail: sendEmail && Boolean(prospect.email) },
                { onError: (error) => notifyMutationError(error) },
              )
            }
          >
            Gerar link de envio
          </Button>
        </Group>
        <LinkResult label="Link de envio" link={createLink.data ?? null} />
      </Stack>
    </Paper>
  );
}

function InvitationSection({ prospect }: { prospect: Prospect }) {
  const invite = useInviteProspect();
  const plans = usePlanChoices();
  const [plan, setPlan] = useState<string | null>(null);
  const [sendEmail, setSendEmail] = useState(Boolean(prospect.email));
  const planChoices = (plans.data ?? [])
    .filter((choice) => choice.is_active)
    .map((choice) => ({ value: choice.hashed_id, label: choice.name }));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Convite para virar cliente
        </Title>
        <Text size="sm" c="dimmed">
          Ao se cadastrar pelo convite, o prospect vira seu cliente e encontra os lançamentos dos extratos em Meu caixa,
          sem importar de novo.
        </Text>
        {planChoices.length > 0 ? (
          <Select label="Plano oferecido (opcional)" data={planChoices} value={plan} onChange={setPlan} clearable />
        ) : null}
        <Checkbox
          label="Enviar o convite por e-mail"
          checked={sendEmail}
          disabled={!prospect.email}
          onChange={(event) => setSendEmail(event.currentTarget.checked)}
        />
        <Group>
          <Button
            loading={invite.isPending}
            onClick={() =>
              invite.mutate(
                { prospectId: prospect.id, sendEmail: sendEmail && Boolean(prospect.email), plan },
                { onError: (error) => notifyMutationError(error) },
              )
            }
          >
            Convidar como cliente
          </Button>
        </Group>
        <LinkResult label="Link do convite" link={invite.data ?? null} />
      </Stack>
    </Paper>
  );
}

/** One prospect: their statements, the link to send more, the diagnosis and the invitation. */
export function ProspectDetail({
  prospect,
  onEdit,
  onBack,
}: {
  prospect: Prospect;
  onEdit: () => void;
  onBack: () => void;
}) {
  const converted = prospect.stage === 'convertido';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} miw={0}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {prospect.name}
          </Title>
          <Group gap="xs">
            <ProspectStageBadge stage={prospect.stage} label={prospect.stage_label} />
            {prospect.email ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {prospect.email}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={onBack}>
            Voltar à lista
          </Button>
          <Button variant="light" onClick={onEdit}>
            Editar
          </Button>
        </Group>
      </Group>
      {prospect.notes ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {prospect.notes}
        </Text>
      ) : null}
      {converted ? (
        <Alert color="teal" variant="light" title="Prospect convertido">
          Cadastrou-se como cliente em {formatDateTime(prospect.converted_at, '')}. Os lançamentos estão no caixa do
          cliente.
        </Alert>
      ) : null}
      <StatementsSection prospect={prospect} />
      <Paper withBorder p="md">
        <DiagnosisView prospectId={prospect.id} />
      </Paper>
      {!converted ? (
        <>
          <UploadLinkSection prospect={prospect} />
          <InvitationSection prospect={prospect} />
        </>
      ) : null}
    </Stack>
  );
}
