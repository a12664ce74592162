import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Prospect } from '@prumo/contract/prospects';
import { NewProspectSchema } from '@prumo/domain/prospects/prospect-schemas';
import { type ProspectStage, prospectStageLabels } from '@prumo/domain/prospects/prospect-stages';
import { FormActions, FormDialog } from '../../../components/form-dialog';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useSaveProspect } from '../api/save-prospect';

interface ProspectFormValues {
  name: string;
  email: string;
  phone: string;
  notes: string;
  stage: ProspectStage;
}

const prospectValidator = createSchemaValidator(NewProspectSchema);

/** Creates a prospect, or edits one (its stage among those it may move to). */
export function ProspectFormDialog({
  opened,
  prospect,
  onClose,
}: {
  opened: boolean;
  prospect: Prospect | null;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} title={prospect ? 'Editar prospect' : 'Novo prospect'} onClose={onClose}>
      <ProspectForm prospect={prospect} onClose={onClose} />
    </FormDialog>
  );
}

function ProspectForm({ prospect, onClose }: { prospect: Prospect | null; onClose: () => void }) {
  const save = useSaveProspect();
  const form = useForm<ProspectFormValues>({
    initialValues: {
      name: prospect?.name ?? '',
      email: prospect?.email ?? '',
      phone: prospect?.phone ?? '',
      notes: prospect?.notes ?? '',
      stage: prospect?.stage ?? 'novo',
    },
    validate: prospectValidator.validate,
  });
  const stageChoices = prospect
    ? [prospect.stage, ...prospect.next_stages].map((stage) => ({ value: stage, label: prospectStageLabels[stage] }))
    : [];
  const handleError = createFormMutationErrorHandler(form, { fields: ['name', 'email', 'phone', 'notes', 'stage'] });

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        const fields = {
          name: values.name,
          email: values.email,
          phone: values.phone,
          notes: values.notes,
          ...(prospect && values.stage !== prospect.stage ? { stage: values.stage } : {}),
        };
        save.mutate(
          { id: prospect?.id ?? null, fields },
          {
            onSuccess: () => {
              notifySuccess(prospect ? 'Prospect salvo' : 'Prospect cadastrado');
              onClose();
            },
            onError: handleError,
          },
        );
      })}
    >
      <Stack gap="sm">
        <TextInput label="Nome" required {...form.getInputProps('name')} />
        <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
        <TextInput label="Telefone" inputMode="tel" placeholder="(11) 98765-4321" {...form.getInputProps('phone')} />
        <Textarea label="Observações" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        {prospect && prospect.stage !== 'convertido' ? (
          <Select label="Etapa" data={stageChoices} allowDeselect={false} {...form.getInputProps('stage')} />
        ) : null}
        <FormActions saving={save.isPending} saveLabel="Salvar" onCancel={onClose} />
      </Stack>
    </form>
  );
}
