import { Button, Stack } from '@mantine/core';
import type { CashFlowLine } from '@prumo/contract/cash-flow';
import type { Description } from '@prumo/contract/categories';
import { useState } from 'react';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { editLineFailedMessage, useUpdateCashFlowLine } from '../api/update-cash-flow-line';
import { DescriptionSelect } from './description-select';

interface LineCategoryPickerProps {
  line: CashFlowLine;
  /** Send apply_to_similar with every change (the categorizing task); otherwise it is offered after a change. */
  applyToSimilar: boolean;
}

/**
 * The inline category/description picker of a line: a change is a PUT cash-flow/{id}/. Without
 * applyToSimilar, a button then offers to categorize the other lines of the same merchant.
 */
export function LineCategoryPicker({ line, applyToSimilar }: LineCategoryPickerProps) {
  const update = useUpdateCashFlowLine();
  const [similarOffer, setSimilarOffer] = useState<Description | null>(null);

  const categorize = (description: Description | null, toSimilar: boolean) => {
    update.mutate(
      {
        id: line.id,
        changes: {
          category: description?.category ?? null,
          description: description?.id ?? null,
          apply_to_similar: toSimilar && description !== null,
        },
      },
      {
        onSuccess: () => {
          if (toSimilar && !applyToSimilar) notifySuccess('Transações parecidas categorizadas');
          setSimilarOffer(!toSimilar && description ? description : null);
        },
        onError: (error) => {
          notifyMutationError(error, editLineFailedMessage);
        },
      },
    );
  };

  // While the change is saved (and the list refreshed), show the choice rather than the old value.
  const shownDescription = update.isPending ? (update.variables?.changes.description ?? null) : line.description;

  return (
    <Stack gap={2} miw={200}>
      <DescriptionSelect
        aria-label={`Categoria de ${line.name}`}
        size="xs"
        value={shownDescription}
        placeholder={line.category_name ?? 'Sem categoria'}
        disabled={update.isPending}
        onChange={(description) => categorize(description, applyToSimilar)}
      />
      {similarOffer && !applyToSimilar ? (
        <Button
          variant="subtle"
          size="compact-xs"
          justify="flex-start"
          loading={update.isPending}
          onClick={() => categorize(similarOffer, true)}
        >
          Aplicar às transações parecidas
        </Button>
      ) : null}
    </Stack>
  );
}
