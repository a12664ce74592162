import { Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SavedCard } from '@prumo/contract/subscriptions';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { type CardFormValues, formatCardNumberMask, formatCvvMask, formatExpiryMask } from './payment-form-values';
import { describeCard, describeCardExpiry } from './subscription-labels';

interface CardFieldsProps<Values extends CardFormValues> {
  form: UseFormReturnType<Values>;
  savedCards: readonly SavedCard[];
  disabled?: boolean;
}

/**
 * A card to pay with: one of the saved cards, or a new card typed here (holder, number, expiry,
 * CVV). The typed card goes to the gateway only; autocomplete hints let the browser fill it.
 */
export function CardFields<Values extends CardFormValues>({ form, savedCards, disabled }: CardFieldsProps<Values>) {
  const usesNewCard = form.values.savedCardId === '';
  // Mantine's form paths of a generic form: the card fields exist on every form that has a card.
  const inputProps = (field: keyof CardFormValues) =>
    form.getInputProps(field as Parameters<typeof form.getInputProps>[0]);
  return (
    <Stack gap="sm">
      {savedCards.length > 0 ? (
        <Radio.Group label="Cartão" {...inputProps('savedCardId')}>
          <Stack gap="xs" mt={4}>
            {savedCards.map((card) => (
              <Radio
                key={card.id}
                value={String(card.id)}
                disabled={disabled}
                label={`${describeCard(card)} (validade ${describeCardExpiry(card)})`}
              />
            ))}
            <Radio value="" label="Novo cartão" disabled={disabled} />
          </Stack>
        </Radio.Group>
      ) : null}
      {usesNewCard ? (
        <Stack gap="sm">
          <TextInput
            label="Nome impresso no cartão"
            required
            autoComplete="cc-name"
            disabled={disabled}
            {...inputProps('holder_name')}
          />
          <MaskedTextInput
            label="Número do cartão"
            required
            placeholder="0000 0000 0000 0000"
            autoComplete="cc-number"
            format={formatCardNumberMask}
            disabled={disabled}
            {...inputProps('card_number')}
          />
          <SimpleGrid cols={2} spacing="sm">
            <MaskedTextInput
              label="Validade"
              required
              placeholder="MM/AA"
              autoComplete="cc-exp"
              format={formatExpiryMask}
              disabled={disabled}
              {...inputProps('expiry')}
            />
            <MaskedTextInput
              label="CVV"
              required
              placeholder="000"
              autoComplete="cc-csc"
              format={formatCvvMask}
              disabled={disabled}
              {...inputProps('cvv')}
            />
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
