import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { Investment, InvestmentKind } from '@prumo/contract/investments';
import { formatCnpj } from '@prumo/domain/br/cnpj';
import { keepDigits } from '@prumo/domain/br/digits';
import { FormActions, FormDialog, moneyInputProps } from '../../../components/form-dialog';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { showFormMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useSaveInvestment } from '../api/save-investment';
import {
  buildInvestmentBody,
  buildInvestmentFormValues,
  type InvestmentFormValues,
  investmentKindLabels,
  listInvestmentErrorFields,
  orderedInvestmentKinds,
  takesField,
  validateInvestmentForm,
} from './investment-form';

const kindOptions = orderedInvestmentKinds.map((kind) => ({ value: kind, label: investmentKindLabels[kind] }));

function formatDigits(maximum: number) {
  return (value: string) => keepDigits(value).slice(0, maximum);
}

function FundsFields({ form }: { form: UseFormReturnType<InvestmentFormValues> }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Fundos
      </Text>
      {form.values.funds.length === 0 ? (
        <Text size="xs" c="dimmed">
          Nenhum fundo informado.
        </Text>
      ) : null}
      {form.values.funds.map((_, index) => (
        // Funds have no id of their own: their place in the list is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Paper key={index} withBorder p="xs">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed">
                Fundo {index + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover fundo ${index + 1}`}
                onClick={() => form.removeListItem('funds', index)}
              >
                ×
              </ActionIcon>
            </Group>
            <TextInput label="Nome do fundo" required {...form.getInputProps(`funds.${index}.name`)} />
            <MaskedTextInput
              label="CNPJ do fundo"
              required
              placeholder="00.000.000/0000-00"
              format={formatCnpj}
              {...form.getInputProps(`funds.${index}.cnpj`)}
            />
          </Stack>
        </Paper>
      ))}
      {form.errors.funds ? (
        <Text size="xs" c="red">
          {form.errors.funds}
        </Text>
      ) : null}
      <Group>
        <Button variant="default" size="xs" onClick={() => form.insertListItem('funds', { name: '', cnpj: '' })}>
          Adicionar fundo
        </Button>
      </Group>
    </Stack>
  );
}

function InvestmentForm({ investment, onDone }: { investment: Investment | null; onDone: () => void }) {
  const save = useSaveInvestment();
  const form = useForm<InvestmentFormValues>({
    initialValues: buildInvestmentFormValues(investment, 'fixed-income'),
    validate: validateInvestmentForm,
    validateInputOnBlur: true,
  });
  const { kind } = form.values;
  const handleSubmit = form.onSubmit((values) => {
    save.mutate(
      { kind: values.kind, id: investment?.id ?? null, body: buildInvestmentBody(values) },
      {
        onSuccess: () => {
          notifySuccess(investment ? 'Investimento atualizado' : 'Investimento adicionado');
          onDone();
        },
        onError: (error) => showFormMutationError(error, form, { fields: listInvestmentErrorFields(values) }),
      },
    );
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {investment ? (
          <Text size="sm" c="dimmed">
            Tipo: {investmentKindLabels[investment.kind]}
          </Text>
        ) : (
          <Select
            label="Tipo"
            required
            allowDeselect={false}
            data={kindOptions}
            value={kind}
            onChange={(value) => value && form.setFieldValue('kind', value as InvestmentKind)}
          />
        )}
        <TextInput
          label="Nome"
          required
          data-autofocus
          placeholder="Ex.: CDB Banco X 2028"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Saldo líquido"
          required
          description="Depois de impostos e taxas."
          {...moneyInputProps}
          {...form.getInputProps('balance')}
        />
        <TextInput label="Saldo bruto" {...moneyInputProps} {...form.getInputProps('gross_balance')} />
        <MaskedTextInput
          label="CNPJ da instituição"
          placeholder="00.000.000/0000-00"
          format={formatCnpj}
          {...form.getInputProps('cnpj')}
        />
        {takesField(kind, 'monthly_contribution') ? (
          <TextInput label="Contribuição mensal" {...moneyInputProps} {...form.getInputProps('monthly_contribution')} />
        ) : null}
        {takesField(kind, 'salary') ? (
          <TextInput
            label="Salário"
            description="A contribuição ao fundo de pensão depende dele."
            {...moneyInputProps}
            {...form.getInputProps('salary')}
          />
        ) : null}
        {takesField(kind, 'cnpb') ? (
          <MaskedTextInput label="CNPB do plano" format={formatDigits(20)} {...form.getInputProps('cnpb')} />
        ) : null}
        {takesField(kind, 'susep_process') ? (
          <MaskedTextInput label="Processo SUSEP" format={formatDigits(25)} {...form.getInputProps('susep_process')} />
        ) : null}
        {takesField(kind, 'funds') ? <FundsFields form={form} /> : null}
        <FormActions saving={save.isPending} saveLabel="Salvar investimento" onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** 'Novo investimento' / 'Editar investimento': the fields of its kind (the kind is chosen once). */
export function InvestmentDialog({
  draft,
  onClose,
}: {
  /** The investment to edit, or a null item for a new one; null while closed. */
  draft: { item: Investment | null } | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={draft !== null}
      title={draft?.item ? 'Editar investimento' : 'Novo investimento'}
      onClose={onClose}
    >
      {draft ? <InvestmentForm investment={draft.item} onDone={onClose} /> : null}
    </FormDialog>
  );
}
