import { SegmentedControl, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { formatDateMask } from '../../../lib/format';

/** 'Entrada ou saída' of a typed line: the sign of its amount. */
export function LineFlowControl({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  return (
    <SegmentedControl
      aria-label="Entrada ou saída"
      data={[
        { value: 'expense', label: 'Saída' },
        { value: 'income', label: 'Entrada' },
      ]}
      {...inputProps}
    />
  );
}

/** A typed line's amount (pt-BR, always positive: the flow gives the sign) and day, as both line forms ask them. */
export function LineAmountAndDateFields({
  amountProps,
  dateProps,
}: {
  amountProps: GetInputPropsReturnType;
  dateProps: GetInputPropsReturnType;
}) {
  return (
    <>
      <TextInput
        label="Valor"
        required
        inputMode="decimal"
        placeholder="0,00"
        leftSection="R$"
        description="Use vírgula para os centavos, por exemplo 1.234,56"
        {...amountProps}
      />
      <MaskedTextInput label="Data" required placeholder="dd/mm/aaaa" format={formatDateMask} {...dateProps} />
    </>
  );
}
