import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PushSettings } from '@prumo/contract/help';
import { SettingsPanel } from '../../../components/settings-panel';
import { formatDateTime } from '../../../lib/format';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { usePushSettings, useSavePushSettings } from '../api/push-settings';

type Provider = PushSettings['provider'];

const providerOptions: { value: Provider; label: string }[] = [
  { value: 'web_push', label: 'Somente Web Push do Prumo (navegadores)' },
  { value: 'fcm', label: 'Firebase Cloud Messaging (app próprio)' },
];

interface PushSettingsFormValues {
  provider: Provider;
  service_account: string;
}

/**
 * "Notificações push": browsers always receive Prumo's Web Push; an organization with its own app
 * adds its Firebase project, whose service account is write-only (the server never sends it back).
 */
export function PushSettingsSection({ organization }: { organization: string }) {
  const settings = usePushSettings(organization);
  return (
    <SettingsPanel
      title="Notificações push"
      description="Como os avisos chegam aos celulares dos seus clientes e planejadores."
      settings={settings}
    >
      {(data) => (
        <PushSettingsForm key={`${data.provider}:${data.updated_at}`} organization={organization} settings={data} />
      )}
    </SettingsPanel>
  );
}

function PushSettingsForm({ organization, settings }: { organization: string; settings: PushSettings }) {
  const mutation = useSavePushSettings(organization);
  const form = useForm<PushSettingsFormValues>({
    initialValues: { provider: settings.provider, service_account: '' },
  });

  const handleSubmit = form.onSubmit((values) => {
    const change =
      values.provider === 'web_push'
        ? { provider: values.provider }
        : { provider: values.provider, service_account: values.service_account.trim() };
    mutation.mutate(change, {
      onSuccess: () => {
        form.setFieldValue('service_account', '');
        notifySuccess('Notificações push salvas');
      },
      onError: createFormMutationErrorHandler(form, { fields: ['provider', 'service_account'] }),
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md" maw={560}>
        <Select label="Envio" data={providerOptions} allowDeselect={false} {...form.getInputProps('provider')} />
        {form.values.provider === 'fcm' ? (
          <Textarea
            label="Conta de serviço do Firebase (JSON)"
            description={
              settings.provider === 'fcm'
                ? 'Cole de novo para trocar. Ela fica guardada criptografada e nunca é exibida.'
                : 'No console do Firebase: Configurações do projeto › Contas de serviço › Gerar nova chave privada.'
            }
            autosize
            minRows={4}
            maxRows={10}
            spellCheck={false}
            autoComplete="off"
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            {...form.getInputProps('service_account')}
          />
        ) : (
          <Alert color="blue" variant="light">
            <Text size="sm">
              Os navegadores recebem os avisos pelo Web Push do Prumo, sem conta externa. Use o Firebase apenas se a sua
              organização tem um aplicativo próprio.
            </Text>
          </Alert>
        )}
        {settings.provider === 'fcm' && settings.updated_at ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Projeto {settings.project_id} ({settings.client_email}), salvo em {formatDateTime(settings.updated_at, '')}.
          </Text>
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
