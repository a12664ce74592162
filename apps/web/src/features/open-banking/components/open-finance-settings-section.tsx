import { Alert, Button, Fieldset, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
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

/** What the manager reads about each aggregator: what its keys are called and where its webhook is set. */
interface Aggregator {
  provider: Exclude<Provider, 'simulated'>;
  name: string;
  keyIdLabel: string;
  keyIdDescription: string;
  secretLabel: string;
  webhookWhere: string;
}

/** Each configurable integration: Open Finance through Pluggy, the bank guide's widget through Belvo. */
const integrations: Record<string, { title: string; aggregator: Aggregator }> = {
  quanto: {
    title: 'Open Finance (consentimento pelo Prumo)',
    aggregator: {
      provider: 'pluggy',
      name: 'Pluggy',
      keyIdLabel: 'Client ID',
      keyIdDescription: 'O id das chaves de API da Pluggy.',
      secretLabel: 'Client secret',
      webhookWhere: 'Cadastre na Pluggy (POST /webhooks, evento all, com o cabeçalho abaixo em headers)',
    },
  },
  belvo: {
    title: 'Widget de bancos (guia de extratos)',
    aggregator: {
      provider: 'belvo',
      name: 'Belvo',
      keyIdLabel: 'Secret ID',
      keyIdDescription: 'O id das chaves de API da Belvo.',
      secretLabel: 'Secret password',
      webhookWhere: 'Cadastre no painel da Belvo',
    },
  },
};

interface SettingsFormValues {
  provider: Provider;
  client_id: string;
  client_secret: string;
}

/**
 * "Open Finance": the aggregator behind each integration — Pluggy for the Open Finance consent,
 * Belvo for its own widget — or the simulated institution. The secret is write-only: the server
 * never sends it back, and it tries new keys with the aggregator before keeping them.
 */
export function OpenFinanceSettingsSection({ organization }: { organization: string }) {
  const settings = useOpenFinanceSettings(organization);
  return (
    <SettingsPanel
      title="Open Finance"
      description="Quem conecta os bancos dos seus clientes: a instituição simulada ou um agregador contratado."
      settings={settings}
    >
      {(data) => (
        <Stack gap="xl">
          {data.results.map((entry) => {
            const integration = integrations[entry.integration];
            return integration ? (
              <Fieldset key={entry.integration} legend={integration.title} variant="unstyled">
                <SettingsForm
                  key={`${entry.provider}:${entry.updated_at}`}
                  organization={organization}
                  settings={entry}
                  aggregator={integration.aggregator}
                />
              </Fieldset>
            ) : null;
          })}
        </Stack>
      )}
    </SettingsPanel>
  );
}

function SettingsForm({
  organization,
  settings,
  aggregator,
}: {
  organization: string;
  settings: OpenFinanceSettings;
  aggregator: Aggregator;
}) {
  const mutation = useSaveOpenFinanceSettings(organization);
  const form = useForm<SettingsFormValues>({
    initialValues: { provider: settings.provider, client_id: settings.client_id ?? '', client_secret: '' },
  });
  const usesAggregator = form.values.provider === aggregator.provider;
  const providerOptions: { value: Provider; label: string }[] = [
    { value: 'simulated', label: 'Instituição simulada do Prumo' },
    { value: aggregator.provider, label: aggregator.name },
  ];

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
        {usesAggregator ? (
          <>
            <TextInput
              label={aggregator.keyIdLabel}
              description={aggregator.keyIdDescription}
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('client_id')}
            />
            <PasswordInput
              label={aggregator.secretLabel}
              description={
                settings.provider === aggregator.provider
                  ? 'Informe de novo para trocar as chaves. Ela fica guardada criptografada e nunca é exibida.'
                  : `Fica guardada criptografada e nunca é exibida. As chaves são testadas com a ${aggregator.name} antes de salvar.`
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
            Chaves da {aggregator.name} salvas em {formatDateTime(settings.updated_at, '')}.
          </Text>
        ) : null}
        {settings.webhook_url && settings.webhook_authorization ? (
          <WebhookDetails
            organization={organization}
            integration={settings.integration}
            aggregator={aggregator}
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
 * The aggregator tells Prumo of new lines through its webhook: the manager registers the address and
 * the header there, and can replace the header (one that leaked, or a routine change).
 */
function WebhookDetails(properties: {
  organization: string;
  integration: string;
  aggregator: Aggregator;
  url: string;
  authorization: string;
}) {
  const replace = useReplaceWebhookAuthorization(properties.organization);
  const [confirming, setConfirming] = useState(false);
  return (
    <Alert color="gray" variant="light" title={`Webhook na ${properties.aggregator.name}`}>
      <Stack gap={4}>
        <Text size="sm">
          {properties.aggregator.webhookWhere}, para as contas sincronizarem assim que houver novidades:
        </Text>
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
        message={`O cabeçalho atual deixa de ser aceito assim que o novo é gerado: cadastre o novo na ${properties.aggregator.name} para as sincronizações por webhook continuarem.`}
        confirmLabel="Gerar"
        loading={replace.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          replace.mutate(properties.integration, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess(`Novo cabeçalho gerado. Atualize-o na ${properties.aggregator.name}.`);
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
