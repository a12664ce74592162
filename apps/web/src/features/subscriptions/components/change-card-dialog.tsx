import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SavedCard, Subscription } from '@prumo/contract/subscriptions';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { FormActions, FormDialog } from '../../../components/form-dialog';
import { describeError, isApiError } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useChangeSubscriptionCard } from '../api/change-subscription-card';
import { useSavedCards } from '../api/get-saved-cards';
import { reportPaymentError } from '../api/report-payment-error';
import { CardPaymentError, useCardTokenizer } from '../hooks/use-card-tokenizer';
import { CardFields } from './card-fields';
import {
  type CardFormValues,
  createEmptyCardValues,
  paymentFormWarning,
  validateCardForm,
} from './payment-form-values';
import { describeCard } from './subscription-labels';
import { TestGatewayNotice } from './test-gateway-notice';

interface ChangeCardDialogProps {
  opened: boolean;
  organization: string;
  subscription: Subscription;
  onClose: () => void;
}

/** "Trocar cartão": another saved card, or a new one tokenized in the browser, charges the plan from now on. */
export function ChangeCardDialog({ opened, organization, subscription, onClose }: ChangeCardDialogProps) {
  return (
    <FormDialog opened={opened} title="Trocar cartão" onClose={onClose}>
      <ChangeCardContent organization={organization} subscription={subscription} onClose={onClose} />
    </FormDialog>
  );
}

function ChangeCardContent({ organization, subscription, onClose }: Omit<ChangeCardDialogProps, 'opened'>) {
  const savedCards = useSavedCards();
  if (savedCards.isPending) return <Skeleton h={240} />;
  if (savedCards.isError) {
    return <ErrorState message={describeError(savedCards.error)} onRetry={() => savedCards.refetch()} />;
  }
  // The card in use is no change.
  const otherCards = savedCards.data.filter((card) => card.id !== subscription.card?.id);
  return (
    <ChangeCardForm organization={organization} subscription={subscription} savedCards={otherCards} onClose={onClose} />
  );
}

function ChangeCardForm({
  organization,
  subscription,
  savedCards,
  onClose,
}: Omit<ChangeCardDialogProps, 'opened'> & { savedCards: readonly SavedCard[] }) {
  const change = useChangeSubscriptionCard();
  const { tokenize, gateway } = useCardTokenizer(organization, {
    type: 'subscription_card_change',
    subscriptionId: subscription.id,
  });
  const [tokenizing, setTokenizing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CardFormValues>({
    initialValues: createEmptyCardValues(),
    validate: (values) => validateCardForm(values),
    validateInputOnBlur: true,
  });
  const saving = tokenizing || change.isPending;

  const save = async (values: CardFormValues) => {
    setFailure(null);
    let body: { card_token: string } | { creditCard: number };
    if (values.savedCardId !== '') {
      body = { creditCard: Number(values.savedCardId) };
    } else {
      setTokenizing(true);
      try {
        body = { card_token: await tokenize(values) };
      } catch (error) {
        setFailure(error instanceof CardPaymentError ? error.message : describeError(error));
        return;
      } finally {
        setTokenizing(false);
      }
    }
    change.mutate(
      { id: subscription.id, body },
      {
        onSuccess: () => {
          notifySuccess('Cartão alterado');
          onClose();
        },
        onError: (error) => {
          setFailure(describeError(error));
          void reportPaymentError({
            type: 'subscription_card_change',
            error: isApiError(error) ? { status: error.status, data: error.data } : { message: String(error) },
            request: { subscription: subscription.id, card: 'card_token' in body ? 'new' : 'saved' },
          });
        },
      },
    );
  };

  const handleSubmit = form.onSubmit(
    (values) => void save(values),
    () => notifyError(paymentFormWarning),
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Trocar cartão">
      <Stack gap="sm">
        {subscription.card ? (
          <Text size="sm" c="dimmed">
            Cartão atual: {describeCard(subscription.card)}
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" title="Cartão não alterado" role="alert">
            {failure}
          </Alert>
        ) : null}
        {gateway.isError ? (
          <ErrorState message={describeError(gateway.error)} onRetry={() => gateway.refetch()} />
        ) : null}
        <TestGatewayNotice provider={gateway.data?.provider} />
        <CardFields form={form} savedCards={savedCards} disabled={saving} />
        <FormActions saving={saving} saveLabel="Salvar cartão" onCancel={onClose} />
      </Stack>
    </form>
  );
}
