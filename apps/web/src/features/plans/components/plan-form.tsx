import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { Plan } from '@prumo/contract/plans';
import { formatCents } from '@prumo/domain/money/cents';
import {
  maximumPayday,
  type PlanType,
  planTypeLabels,
  planTypes,
  type ServiceKind,
  serviceKindLabels,
  serviceKinds,
} from '@prumo/domain/payments/plan-rules';
import { maximumServicesPerPlan } from '@prumo/domain/payments/plan-schemas';
import { FormActions, moneyInputProps } from '../../../components/form-dialog';
import { showFormMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useSavePlan } from '../api/save-plan';
import {
  buildPlanBody,
  buildPlanFormValues,
  createEmptyService,
  type PlanFormValues,
  previewPlanTotal,
  validatePlanForm,
} from './plan-form-values';

const typeOptions = planTypes.map((type) => ({ value: type, label: planTypeLabels[type] }));
const kindOptions = serviceKinds.map((kind) => ({ value: kind, label: serviceKindLabels[kind] }));
/** The Select's value of "no fixed day" (the form keeps it as ''). */
const subscriptionDay = 'assinatura';
const paydayOptions = [
  { value: subscriptionDay, label: 'No dia da assinatura' },
  ...Array.from({ length: maximumPayday }, (_, index) => ({ value: String(index + 1), label: `Dia ${index + 1}` })),
];

function keepDigits(maximum: number) {
  return (value: string) => value.replace(/\D/g, '').slice(0, maximum);
}

function ServicesFields({ form }: { form: UseFormReturnType<PlanFormValues> }) {
  const services = form.values.serviceProvision;
  const changeKind = (index: number, kind: ServiceKind) => {
    const service = services[index];
    const previousLabel = service ? serviceKindLabels[service.kind] : '';
    form.setFieldValue(`serviceProvision.${index}.kind`, kind);
    // A name still the former kind's label follows the kind; a name typed by hand stays.
    if (service && (!service.name.trim() || service.name === previousLabel)) {
      form.setFieldValue(`serviceProvision.${index}.name`, kind === 'custom' ? '' : serviceKindLabels[kind]);
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Serviços incluídos
      </Text>
      {services.length === 0 ? (
        <Text size="xs" c="dimmed">
          Nenhum serviço. Adicione os serviços que o cliente recebe neste plano.
        </Text>
      ) : null}
      {services.map((_, index) => (
        // Services have no id of their own: their place in the list is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Paper key={index} withBorder p="xs" role="group" aria-label={`Serviço ${index + 1}`}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed">
                Serviço {index + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover serviço ${index + 1}`}
                onClick={() => form.removeListItem('serviceProvision', index)}
              >
                ×
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Select
                label="Tipo de serviço"
                allowDeselect={false}
                data={kindOptions}
                value={services[index]?.kind ?? 'planning'}
                onChange={(value) => value && changeKind(index, value as ServiceKind)}
              />
              <TextInput
                label="Nome do serviço"
                required
                maxLength={25}
                {...form.getInputProps(`serviceProvision.${index}.name`)}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2 }} spacing="xs">
              <TextInput
                label="Período (meses)"
                required
                inputMode="numeric"
                {...form.getInputProps(`serviceProvision.${index}.period`)}
                onChange={(event) =>
                  form.setFieldValue(`serviceProvision.${index}.period`, keepDigits(2)(event.currentTarget.value))
                }
              />
              <TextInput label="Valor" {...moneyInputProps} {...form.getInputProps(`serviceProvision.${index}.fee`)} />
            </SimpleGrid>
            <Textarea
              label="Descrição do serviço"
              required
              autosize
              minRows={2}
              maxLength={600}
              {...form.getInputProps(`serviceProvision.${index}.description`)}
            />
          </Stack>
        </Paper>
      ))}
      {typeof form.errors.serviceProvision === 'string' ? (
        <Text size="xs" c="red">
          {form.errors.serviceProvision}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          size="xs"
          disabled={services.length >= maximumServicesPerPlan}
          onClick={() => form.insertListItem('serviceProvision', createEmptyService())}
        >
          Adicionar serviço
        </Button>
      </Group>
    </Stack>
  );
}

/** A plan's fields, its services and the total per month they make. */
export function PlanForm({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const save = useSavePlan();
  const form = useForm<PlanFormValues>({
    initialValues: buildPlanFormValues(plan),
    validate: validatePlanForm,
    validateInputOnBlur: true,
  });
  const { type } = form.values;
  const total = previewPlanTotal(form.values);
  const handleSubmit = form.onSubmit((values) => {
    save.mutate(
      { id: plan?.id ?? null, body: buildPlanBody(values) },
      {
        onSuccess: () => {
          notifySuccess(plan ? 'Plano atualizado' : 'Plano criado');
          onDone();
        },
        onError: (error) =>
          showFormMutationError(error, form, {
            failureMessage: plan ? 'Erro ao salvar plano' : 'Erro ao criar plano',
            fields: [
              ...Object.keys(values),
              ...values.serviceProvision.flatMap((_, index) =>
                ['kind', 'name', 'period', 'description', 'fee'].map((field) => `serviceProvision.${index}.${field}`),
              ),
            ],
          }),
      },
    );
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={plan ? `Editar plano ${plan.name}` : 'Novo plano'}>
      <Stack gap="sm">
        <TextInput label="Nome do plano" required data-autofocus maxLength={60} {...form.getInputProps('name')} />
        <Textarea label="Descrição" autosize minRows={2} maxLength={600} {...form.getInputProps('description')} />
        <Select
          label="Tipo de plano"
          required
          allowDeselect={false}
          data={typeOptions}
          value={type}
          onChange={(value) => value && form.setFieldValue('type', value as PlanType)}
          description={
            type === 'platform'
              ? 'Acesso à plataforma, aceito sem cartão.'
              : 'A plataforma com os serviços do planejador, pago com cartão.'
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Valor da plataforma"
            required
            {...moneyInputProps}
            {...form.getInputProps('platform_amount')}
          />
          {type === 'service' ? (
            <TextInput label="Valor dos serviços" {...moneyInputProps} {...form.getInputProps('service_amount')} />
          ) : null}
          <TextInput
            label="Valor recorrente"
            description="Cobrado quando não há valor de serviços."
            {...moneyInputProps}
            {...form.getInputProps('recurrent_amount')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {type === 'service' ? (
            <TextInput
              label="Meses de serviços"
              description="Por quantos meses o valor dos serviços é cobrado."
              inputMode="numeric"
              {...form.getInputProps('service_months')}
              onChange={(event) => form.setFieldValue('service_months', keepDigits(2)(event.currentTarget.value))}
            />
          ) : null}
          <Select
            label="Dia de cobrança"
            allowDeselect={false}
            data={paydayOptions}
            value={form.values.payday || subscriptionDay}
            onChange={(value) => form.setFieldValue('payday', !value || value === subscriptionDay ? '' : value)}
            error={form.errors.payday}
          />
        </SimpleGrid>
        {type === 'service' ? <ServicesFields form={form} /> : null}
        <Switch label="Plano ativo (visível aos clientes)" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <Text fw={600} aria-live="polite">
          Total por mês: {total === null ? '—' : formatCents(total)}
        </Text>
        <FormActions saving={save.isPending} saveLabel="Salvar plano" onCancel={onDone} />
      </Stack>
    </form>
  );
}
