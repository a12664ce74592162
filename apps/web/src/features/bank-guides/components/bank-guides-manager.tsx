import { Badge, Button, FileButton, Group, Image, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { Bank } from '@prumo/contract/categories';
import { BankGuideInputSchema, maximumGuideSteps } from '@prumo/domain/banks/statement-guides';
import { useRef, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { checkImageFile } from '../../../components/file-field';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler, notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { filterOptionsIgnoringAccents } from '../../../lib/options-filter';
import { useBankGuides } from '../api/get-bank-guides';
import { useRestoreBankGuide } from '../api/restore-bank-guide';
import { useSaveBankGuide } from '../api/save-bank-guide';
import { guideImageTypeMessage, guideImageTypes, useUploadGuideImage } from '../api/upload-guide-image';
import { BankGuideDialog } from './bank-guide-dialog';
import {
  buildGuideBody,
  canAddStep,
  createStepKey,
  type EditedGuideStep,
  listGuideErrorFields,
  readStatementGuide,
  toEditedSteps,
} from './guide-steps';

const guideValidator = createSchemaValidator(BankGuideInputSchema);

interface GuideFormValues {
  steps: EditedGuideStep[];
}

type GuideForm = UseFormReturnType<GuideFormValues>;

/** The manager's statement guides: each bank's steps and images, replaced for the organization or restored. */
export function BankGuidesManager() {
  const banks = useBankGuides();
  const [code, setCode] = useState<string | null>(null);
  const selected = banks.data?.find((bank) => bank.code === code) ?? null;
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Guias de extrato por banco"
        description="O passo a passo que o cliente vê ao importar extratos, com o texto e a imagem de cada passo. Bancos sem guia próprio mostram o guia geral do Prumo."
      />
      {banks.isPending ? <PageLoader label="Carregando bancos…" /> : null}
      {banks.isError ? <ErrorState message={describeError(banks.error)} onRetry={() => banks.refetch()} /> : null}
      {banks.data ? (
        <Stack gap="md">
          <Select
            label="Banco"
            placeholder="Escolha um banco"
            searchable
            filter={filterOptionsIgnoringAccents}
            nothingFoundMessage="Nenhum banco encontrado"
            allowDeselect={false}
            value={code}
            onChange={setCode}
            data={banks.data.map((bank) => ({
              value: bank.code,
              label: `${bank.name}${bank.customized ? ' (personalizado)' : ''}`,
            }))}
          />
          {/* One form per bank: switching banks drops unsaved edits of the other. */}
          {selected ? <BankGuideForm key={selected.code} bank={selected} /> : null}
        </Stack>
      ) : null}
    </Paper>
  );
}

function BankGuideForm({ bank }: { bank: Bank }) {
  const save = useSaveBankGuide();
  const restore = useRestoreBankGuide();
  const [previewOpened, setPreviewOpened] = useState(false);
  // Made once: the form reads its initial values on the first render only.
  const [initialSteps] = useState(() => toEditedSteps(readStatementGuide(bank)));
  const form = useForm<GuideFormValues>({
    initialValues: { steps: initialSteps },
    validate: guideValidator.validate,
  });
  const { steps } = form.values;
  // After saving or restoring, the form shows what the API stored (texts trimmed, Prumo's steps back).
  const showStored = (stored: Bank) => form.setValues({ steps: toEditedSteps(readStatementGuide(stored)) });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { code: bank.code, guide: buildGuideBody(values.steps) },
      {
        onSuccess: (saved) => {
          showStored(saved);
          notifySuccess('Guia salvo.');
        },
        onError: createFormMutationErrorHandler(form, {
          fields: listGuideErrorFields(values.steps.length),
          failureMessage: 'Não foi possível salvar o guia',
        }),
      },
    ),
  );

  // Found by key when the upload ends: a step removed meanwhile shifts the others' places.
  const setStepImage = (key: string, image: string) => {
    const index = form.getValues().steps.findIndex((step) => step.key === key);
    if (index >= 0) form.setFieldValue(`steps.${index}.image`, image);
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={bank.customized ? 'blue' : 'gray'} variant="light">
              {bank.customized ? 'Personalizado pela organização' : 'Guia padrão do Prumo'}
            </Badge>
          </Group>
          <Stack gap="sm" role="list" aria-label="Passos do guia">
            {steps.map((step, index) => (
              <GuideStepEditor
                key={step.key}
                form={form}
                step={step}
                index={index}
                removable={steps.length > 1}
                onImage={(image) => setStepImage(step.key, image)}
              />
            ))}
          </Stack>
          {form.errors.steps ? (
            <Text size="sm" c="red" role="alert">
              {form.errors.steps}
            </Text>
          ) : null}
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              disabled={!canAddStep(steps.length)}
              onClick={() => form.insertListItem('steps', { key: createStepKey(), text: '', image: '' })}
            >
              Adicionar passo
            </Button>
            <Text size="xs" c="dimmed">
              {steps.length} de {maximumGuideSteps} passos
            </Text>
          </Group>
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={() => setPreviewOpened(true)}>
              Pré-visualizar
            </Button>
            {bank.customized ? (
              <Button
                variant="default"
                loading={restore.isPending}
                onClick={() =>
                  restore.mutate(bank.code, {
                    onSuccess: (restored) => {
                      showStored(restored);
                      notifySuccess('Guia do Prumo restaurado.');
                    },
                    onError: (error) => notifyMutationError(error),
                  })
                }
              >
                Restaurar guia do Prumo
              </Button>
            ) : null}
            <Button type="submit" loading={save.isPending}>
              Salvar guia
            </Button>
          </Group>
        </Stack>
      </form>
      <BankGuideDialog
        opened={previewOpened}
        onClose={() => setPreviewOpened(false)}
        guide={{ bankName: bank.name, steps: buildGuideBody(steps).steps }}
      />
    </>
  );
}

interface GuideStepEditorProps {
  form: GuideForm;
  step: EditedGuideStep;
  index: number;
  /** A guide keeps at least one step. */
  removable: boolean;
  onImage: (image: string) => void;
}

function GuideStepEditor({ form, step, index, removable, onImage }: GuideStepEditorProps) {
  const upload = useUploadGuideImage();
  const resetFileRef = useRef<() => void>(null);
  const number = index + 1;
  const imageField = `steps.${index}.image`;
  const imageError = form.errors[imageField];
  const imageAction = step.image ? 'Trocar imagem' : 'Enviar imagem';

  const chooseImage = (file: File | null) => {
    // Emptied at once, so choosing the same file again still uploads it.
    resetFileRef.current?.();
    if (!file) return;
    const problem = checkImageFile(file, guideImageTypes, guideImageTypeMessage);
    if (problem) {
      form.setFieldError(imageField, problem);
      return;
    }
    upload.mutate(file, { onSuccess: ({ image }) => onImage(image), onError: (error) => notifyMutationError(error) });
  };

  return (
    <Paper withBorder p="sm" role="listitem" aria-label={`Passo ${number}`}>
      <Stack gap="xs">
        <Textarea
          label={`Passo ${number}`}
          autosize
          minRows={2}
          maxRows={8}
          required
          {...form.getInputProps(`steps.${index}.text`)}
        />
        {step.image ? (
          <Image
            src={step.image}
            alt={`Imagem do passo ${number}`}
            fit="contain"
            h={160}
            w="auto"
            maw="100%"
            radius="sm"
          />
        ) : (
          <Text size="xs" c="dimmed">
            Sem imagem neste passo.
          </Text>
        )}
        {imageError ? (
          <Text size="xs" c="red" role="alert">
            {imageError}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <FileButton onChange={chooseImage} accept="image/png,image/jpeg,image/webp" resetRef={resetFileRef}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                loading={upload.isPending}
                aria-label={`${imageAction} do passo ${number}`}
              >
                {imageAction}
              </Button>
            )}
          </FileButton>
          {step.image ? (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              aria-label={`Remover imagem do passo ${number}`}
              onClick={() => form.setFieldValue(imageField, '')}
            >
              Remover imagem
            </Button>
          ) : null}
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={!removable}
            aria-label={`Remover passo ${number}`}
            onClick={() => form.removeListItem('steps', index)}
          >
            Remover passo
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
