import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SavedCard, Subscription } from '@prumo/contract/subscriptions';
import { parseCep } from '@prumo/domain/br/cep';
import { formatCents } from '@prumo/domain/money/cents';
import { computePlanTotalCents } from '@prumo/domain/payments/plan-rules';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { describeError, isApiError } from '../../../lib/errors';
import { type FormFieldErrorPlacement, sortServerFieldErrors } from '../../../lib/mutation-errors';
import { notifyError } from '../../../lib/notifications';
import { useAcceptSubscription } from '../api/accept-subscription';
import { useSavedCards } from '../api/get-saved-cards';
import { useCepLookup } from '../api/look-up-cep';
import { reportPaymentError } from '../api/report-payment-error';
import { CardPaymentError, useCardTokenizer } from '../hooks/use-card-tokenizer';
import { CardFields } from './card-fields';
import {
  buildAcceptBody,
  createEmptyPaymentValues,
  fillAddressFromCep,
  formatCepMask,
  formatCpfMask,
  isCepReadyForLookup,
  type PaymentCard,
  type PaymentFormValues,
  paymentFormWarning,
  validatePaymentForm,
} from './payment-form-values';
import { TestGatewayNotice } from './test-gateway-notice';

/** When the gateway answers a charge with no reason of its own. */
export const paymentFailedMessage =
  'Erro ao realizar ao pagamento! Tente novamente mais tarde ou entre em contato com o suporte.';

/** The accept call's field errors (`address.city`…) go under the form's own fields. */
const serverFieldPlacement: FormFieldErrorPlacement = {
  fields: ['cpf', 'zipcode', 'street', 'street_number', 'complementary', 'neighborhood', 'city', 'state'],
  renamedFields: {
    'address.zipcode': 'zipcode',
    'address.street': 'street',
    'address.street_number': 'street_number',
    'address.complementary': 'complementary',
    'address.neighborhood': 'neighborhood',
    'address.city': 'city',
    'address.state': 'state',
  },
};

interface PaymentFormProps {
  organization: string;
  subscription: Subscription;
  /** Why the last payment failed (a declined card), shown above the form until the next try. */
  failureMessage: string | null;
  /** The accepted subscription: paid, or its payment processing. */
  onAccepted: (subscription: Subscription) => void;
  onBack: () => void;
  onReject: () => void;
  rejecting: boolean;
}

/** Step 2: the saved cards come first, so the form can start on one of them. */
export function PaymentForm(properties: PaymentFormProps) {
  const savedCards = useSavedCards();
  if (savedCards.isPending) return <Skeleton h={480} />;
  if (savedCards.isError) {
    return <ErrorState message={describeError(savedCards.error)} onRetry={() => savedCards.refetch()} />;
  }
  return <PaymentFormFields {...properties} savedCards={savedCards.data} />;
}

function PaymentFormFields({
  organization,
  subscription,
  failureMessage,
  onAccepted,
  onBack,
  onReject,
  rejecting,
  savedCards,
}: PaymentFormProps & { savedCards: readonly SavedCard[] }) {
  const accept = useAcceptSubscription();
  const cepLookup = useCepLookup();
  const { tokenize, gateway } = useCardTokenizer(organization, {
    type: 'subscription_accept',
    subscriptionId: subscription.id,
  });
  const [tokenizing, setTokenizing] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(failureMessage);
  const form = useForm<PaymentFormValues>({
    initialValues: createEmptyPaymentValues(savedCards[0] ? String(savedCards[0].id) : ''),
    validate: (values) => validatePaymentForm(values),
    validateInputOnBlur: true,
  });
  const paying = tokenizing || accept.isPending;

  const lookUpAddress = () => {
    const zipcode = form.values.zipcode;
    const digits = parseCep(zipcode);
    if (!isCepReadyForLookup(zipcode) || digits === null) return;
    cepLookup.mutate(digits, {
      onSuccess: (address) => {
        // The answer of a CEP typed before the current one is of no use.
        if (parseCep(form.getValues().zipcode) !== digits) return;
        const filled = fillAddressFromCep(address);
        form.setValues(filled);
        for (const field of Object.keys(filled)) form.clearFieldError(field);
      },
      onError: (error) => form.setFieldError('zipcode', describeError(error)),
    });
  };

  const pay = async (values: PaymentFormValues) => {
    setPaymentError(null);
    let card: PaymentCard;
    if (values.savedCardId !== '') {
      card = { creditCard: Number(values.savedCardId) };
    } else {
      setTokenizing(true);
      try {
        card = { card_token: await tokenize(values) };
      } catch (error) {
        setPaymentError(error instanceof CardPaymentError ? error.message : paymentFailedMessage);
        return;
      } finally {
        setTokenizing(false);
      }
    }
    accept.mutate(
      { id: subscription.id, body: buildAcceptBody(values, card) },
      {
        onSuccess: (accepted) => {
          if (accepted.status === 'failed') {
            setPaymentError(accepted.charges[0]?.failure_message ?? paymentFailedMessage);
            return;
          }
          onAccepted(accepted);
        },
        onError: (error) => {
          // A declined card answers its reason in pt-BR; the form stays for another card.
          const { placed, unplaced } = sortServerFieldErrors(
            isApiError(error) ? error.fieldErrors : {},
            serverFieldPlacement,
          );
          for (const [field, message] of placed) form.setFieldError(field, message);
          if (placed.length > 0 && unplaced.length === 0) notifyError(paymentFormWarning);
          else setPaymentError(unplaced[0] ?? (isApiError(error) ? error.message : paymentFailedMessage));
          void reportPaymentError({
            type: 'subscription_accept',
            error: isApiError(error) ? { status: error.status, data: error.data } : { message: String(error) },
            request: {
              subscription: subscription.id,
              plan: subscription.plan.id,
              card: 'card_token' in card ? 'new' : 'saved',
            },
          });
        },
      },
    );
  };

  const handleSubmit = form.onSubmit(
    (values) => void pay(values),
    () => notifyError(paymentFormWarning),
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="pagamento-e-assinatura">
      <form onSubmit={handleSubmit} noValidate aria-label="Pagamento e assinatura">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3" id="pagamento-e-assinatura">
              Pagamento e assinatura
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {subscription.plan.name}: {formatCents(computePlanTotalCents(subscription))} por mês, cobrados no cartão.
            </Text>
          </Stack>
          {paymentError ? (
            <Alert color="red" variant="light" title="Pagamento não realizado" role="alert">
              {paymentError}
            </Alert>
          ) : null}
          {gateway.isError ? (
            <ErrorState message={describeError(gateway.error)} onRetry={() => gateway.refetch()} />
          ) : null}
          <TestGatewayNotice provider={gateway.data?.provider} />

          <Stack gap="sm">
            <Text size="sm" fw={600}>
              Titular
            </Text>
            <MaskedTextInput
              label="CPF"
              required
              placeholder="000.000.000-00"
              format={formatCpfMask}
              disabled={paying}
              {...form.getInputProps('cpf')}
            />
          </Stack>

          <Stack gap="sm">
            <Text size="sm" fw={600}>
              Endereço de cobrança
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MaskedTextInput
                label="CEP"
                required
                placeholder="00000-000"
                autoComplete="postal-code"
                format={formatCepMask}
                disabled={paying}
                description={cepLookup.isPending ? 'Buscando endereço…' : undefined}
                {...form.getInputProps('zipcode')}
                onBlur={() => {
                  form.getInputProps('zipcode').onBlur?.();
                  lookUpAddress();
                }}
              />
              <TextInput label="Rua" required disabled={paying} {...form.getInputProps('street')} />
              <TextInput label="Número" required disabled={paying} {...form.getInputProps('street_number')} />
              <TextInput label="Complemento" disabled={paying} {...form.getInputProps('complementary')} />
              <TextInput label="Bairro" required disabled={paying} {...form.getInputProps('neighborhood')} />
              <TextInput label="Cidade" required disabled={paying} {...form.getInputProps('city')} />
              <TextInput
                label="Estado"
                required
                placeholder="sp"
                maxLength={2}
                disabled={paying}
                {...form.getInputProps('state')}
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="sm">
            <Text size="sm" fw={600}>
              Cartão de crédito
            </Text>
            <CardFields form={form} savedCards={savedCards} disabled={paying} />
          </Stack>

          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <Button variant="default" onClick={onBack} disabled={paying || rejecting}>
                Voltar
              </Button>
              <Button variant="subtle" color="red" onClick={onReject} loading={rejecting} disabled={paying}>
                Recusar
              </Button>
            </Group>
            <Button type="submit" loading={paying} disabled={!gateway.isSuccess || rejecting}>
              Pagar e assinar
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
