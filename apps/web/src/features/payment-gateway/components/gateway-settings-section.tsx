import { Alert, Badge, Button, Divider, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CardGatewayProvider, GatewaySettings } from '@prumo/contract/payment-gateway';
import { SettingsPanel } from '../../../components/settings-panel';
import { formatDateTime } from '../../../lib/format';
import { createFormMutationErrorHandler, notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useGatewaySettings } from '../api/get-gateway-settings';
import { useSaveGatewaySettings } from '../api/save-gateway-settings';
import { useSendGatewayRecipient } from '../api/send-gateway-recipient';

const providerOptions: { value: CardGatewayProvider; label: string }[] = [
  { value: 'sandbox', label: 'Ambiente de testes do Prumo' },
  { value: 'pagarme', label: 'Pagar.me' },
];

interface GatewayFormValues {
  provider: CardGatewayProvider;
  public_key: string;
  secret_key: string;
}

function buildInitialValues(settings: GatewaySettings | undefined): GatewayFormValues {
  return {
    provider: settings?.provider ?? 'sandbox',
    // The sandbox's keys are Prumo's own: the field starts empty when switching to Pagar.me.
    public_key: settings?.provider === 'pagarme' ? settings.public_key : '',
    secret_key: '',
  };
}

/**
 * "Gateway de pagamento": which card gateway charges the organization's clients, and its keys.
 * The secret key is write-only: the server never sends it back, only whether one is stored; a
 * blank field keeps it. For the Financeiro screen (managers with the Financeiro flag).
 */
export function GatewaySettingsSection({ organization }: { organization: string }) {
  const settings = useGatewaySettings(organization);
  return (
    <SettingsPanel
      title="Gateway de pagamento"
      description="Onde os cartões dos seus clientes são cobrados a cada período dos planos."
      settings={settings}
      skeletonHeight={160}
    >
      {(data) => (
        <Stack gap="lg">
          {/* A new answer (after a save) starts the form again from what is stored. */}
          <GatewaySettingsForm
            key={`${data.provider}:${data.public_key}`}
            organization={organization}
            settings={data}
          />
          <Divider />
          <RecipientPanel organization={organization} settings={data} />
        </Stack>
      )}
    </SettingsPanel>
  );
}

function GatewaySettingsForm({ organization, settings }: { organization: string; settings: GatewaySettings }) {
  const mutation = useSaveGatewaySettings(organization);
  const form = useForm<GatewayFormValues>({ initialValues: buildInitialValues(settings) });
  const storedOnPagarme = settings.provider === 'pagarme' && settings.has_secret_key;
  const isPagarme = form.values.provider === 'pagarme';

  const handleSubmit = form.onSubmit((values) => {
    const change =
      values.provider === 'sandbox'
        ? { provider: values.provider }
        : {
            provider: values.provider,
            public_key: values.public_key.trim(),
            ...(values.secret_key.trim() && { secret_key: values.secret_key.trim() }),
          };
    mutation.mutate(change, {
      onSuccess: () => {
        form.setFieldValue('secret_key', '');
        notifySuccess('Configurações alteradas com sucesso');
      },
      onError: createFormMutationErrorHandler(form, { fields: ['provider', 'public_key', 'secret_key'] }),
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md" maw={560}>
        <Select label="Gateway" data={providerOptions} allowDeselect={false} {...form.getInputProps('provider')} />
        {isPagarme ? (
          <>
            <TextInput
              label="Chave pública"
              description="Começa com pk_. O navegador a usa para proteger os dados do cartão."
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('public_key')}
            />
            <PasswordInput
              label="Chave secreta"
              description={
                storedOnPagarme
                  ? 'Já existe uma chave secreta guardada. Deixe em branco para mantê-la.'
                  : 'Começa com sk_. Fica guardada criptografada e nunca é exibida.'
              }
              placeholder={storedOnPagarme ? '•••••••• (guardada)' : undefined}
              autoComplete="new-password"
              {...form.getInputProps('secret_key')}
            />
          </>
        ) : (
          <Alert color="blue" variant="light">
            <Stack gap={4}>
              <Text size="sm">
                No ambiente de testes nenhuma cobrança é real. Use os cartões de teste, como 4000 0000 0000 0010
                (aprovado) e 4000 0000 0000 0028 (recusado).
              </Text>
              {settings.provider === 'sandbox' ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Chave pública de testes: {settings.public_key}
                </Text>
              ) : null}
            </Stack>
          </Alert>
        )}
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
 * Recebedor: the organization's default bank account and managing partners, sent to the gateway,
 * which transfers the money it takes there. Sent on request (a call to an outside service), and
 * marked when the data changed since.
 */
function RecipientPanel({ organization, settings }: { organization: string; settings: GatewaySettings }) {
  const mutation = useSendGatewayRecipient(organization);
  const { recipient } = settings;
  const send = () =>
    mutation.mutate(undefined, {
      onSuccess: () => notifySuccess('Dados enviados ao gateway'),
      onError: (error) => notifyMutationError(error),
    });
  return (
    <Stack gap="xs" maw={560}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>Recebedor</Text>
        {recipient === null ? (
          <Badge color="gray" variant="light">
            Não enviado
          </Badge>
        ) : recipient.outdated ? (
          <Badge color="yellow" variant="light">
            Dados alterados desde o envio
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Enviado
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {recipient === null
          ? 'Envie a conta bancária padrão e os sócios administradores ao gateway para receber os pagamentos.'
          : `Enviado em ${formatDateTime(recipient.synced_at, '')}. Código no gateway: ${recipient.id}.`}
      </Text>
      <Group justify="flex-end">
        <Button
          variant={recipient && !recipient.outdated ? 'default' : 'filled'}
          loading={mutation.isPending}
          onClick={send}
        >
          {recipient === null ? 'Enviar dados ao gateway' : 'Enviar novamente'}
        </Button>
      </Group>
    </Stack>
  );
}
