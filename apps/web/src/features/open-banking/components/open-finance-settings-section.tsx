import { Alert, Button, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { OpenFinanceSettings } from '@prumo/contract/open-banking';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SettingsPanel } from '../../../components/settings-panel';
import { formatDateTime } from '../../../lib/format';
import { createFormMutationErrorHandler, notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import {
  useOpenFinanceSettings,
  useReplaceWebhookAuthorization,
  useSaveOpenFinanceSettings,
} from '../api/open-finance-settings';

type Provider = OpenFinanceSettings['provider'];

const providerOptions: { value: Provider; label: string }[] = [
  { value: 'simulated', label: 'Instituição simulada do Prumo' },
  { value: 'belvo', label: 'Belvo' },
];

interface SettingsFormValues {
  provider: Provider;
  client_id: string;
  client_secret: string;
}

/**
 * "Open Finance": the aggregator that connects the organization's clients' banks through its own
 * widget (Belvo), or the simulated institution. The secret is write-only: the server never sends it
 * back, and it tries new keys with Belvo before keeping them.
 */
export function OpenFinanceSettingsSection({ organization }: { organization: string }) {
  const settings = useOpenFinanceSettings(organization);
  return (
    <SettingsPanel
      title="Open Finance"
      description="Quem conecta os bancos dos seus clientes pelo widget de um agregador."
      settings={settings}
    >
      {(data) => {
        const belvo = data.results.find((entry) => entry.integration === 'belvo');
        return belvo ? (
          <SettingsForm key={`${belvo.provider}:${belvo.updated_at}`} organization={organization} settings={belvo} />
        ) : null;
      }}
    </SettingsPanel>
  );
}

function SettingsForm({ organization, settings }: { organization: string; settings: OpenFinanceSettings }) {
  const mutation = useSaveOpenFinanceSettings(organization);
  const form = useForm<SettingsFormValues>({
    initialValues: { provider: settings.provider, client_id: settings.client_id ?? '', client_secret: '' },
  });
  const isBelvo = form.values.provider === 'belvo';

  const handleSubmit = form.onSubmit((values) => {
    const change =
      values.provider === 'simulated'
        ? { provider: values.provider }
        : { provider: values.provider, client_id: values.client_id.trim(), client_secret: values.client_secret.trim() };
    mutation.mutate(
      { integration: settings.integration, change },
      {
        onSuccess: () => notifySuccess('Configurações alteradas com sucesso'),
        onError: createFormMutationErrorHandler(form, { fields: ['provider', 'client_id', 'client_secret'] }),
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md" maw={560}>
        <Select label="Provedor" data={providerOptions} allowDeselect={false} {...form.getInputProps('provider')} />
        {isBelvo ? (
          <>
            <TextInput
              label="Secret ID"
              description="O id das chaves de API da Belvo."
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('client_id')}
            />
            <PasswordInput
              label="Secret password"
              description={
                settings.provider === 'belvo'
                  ? 'Informe de novo para trocar as chaves. Ela fica guardada criptografada e nunca é exibida.'
                  : 'Fica guardada criptografada e nunca é exibida. As chaves são testadas com a Belvo antes de salvar.'
              }
              autoComplete="new-password"
              {...form.getInputProps('client_secret')}
            />
          </>
        ) : (
          <Alert color="blue" variant="light">
            <Text size="sm">
              A instituição simulada responde com dados de teste: entre com user-ok, password-ok e o código 123456.
            </Text>
          </Alert>
        )}
        {settings.updated_at ? (
          <Text size="xs" c="dimmed">
            Chaves da Belvo salvas em {formatDateTime(settings.updated_at, '')}.
          </Text>
        ) : null}
        {settings.webhook_url && settings.webhook_authorization ? (
          <WebhookDetails
            organization={organization}
            integration={settings.integration}
            url={settings.webhook_url}
            authorization={settings.webhook_authorization}
          />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Belvo tells Prumo of new lines through its webhook: the manager registers the address and the
 * header in Belvo's dashboard, and can replace the header (one that leaked, or a routine change).
 */
function WebhookDetails(properties: { organization: string; integration: string; url: string; authorization: string }) {
  const replace = useReplaceWebhookAuthorization(properties.organization);
  const [confirming, setConfirming] = useState(false);
  return (
    <Alert color="gray" variant="light" title="Webhook na Belvo">
      <Stack gap={4}>
        <Text size="sm">Cadastre no painel da Belvo, para as contas sincronizarem assim que houver novidades:</Text>
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          URL: {properties.url}
        </Text>
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          Cabeçalho Authorization: {properties.authorization}
        </Text>
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setConfirming(true)}>
            Gerar novo cabeçalho
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Gerar novo cabeçalho"
        message="O cabeçalho atual deixa de ser aceito assim que o novo é gerado: cadastre o novo no painel da Belvo para as sincronizações por webhook continuarem."
        confirmLabel="Gerar"
        loading={replace.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          replace.mutate(properties.integration, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess('Novo cabeçalho gerado. Atualize-o no painel da Belvo.');
            },
            onError: (error) => {
              setConfirming(false);
              notifyMutationError(error);
            },
          })
        }
      />
    </Alert>
  );
}
