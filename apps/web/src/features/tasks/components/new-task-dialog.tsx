import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { findCurrentMonth, formatMonthWithSlash, shiftMonth } from '@prumo/domain/budget/target-month';
import {
  buildNewTaskSchema,
  buildTaskTitle,
  type TaskType,
  taskTypeLabels,
  taskTypes,
} from '@prumo/domain/tasks/task-rules';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { formatDateMask } from '../../../lib/format';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { type NewTaskBody, useCreateTask } from '../api/create-task';
import { describeCreation } from './task-wording';

interface NewTaskValues {
  type: TaskType;
  /** The planned month's first day, "YYYY-MM-01" (budget-planning). */
  month: string;
  /** dd/mm/aaaa, or empty. */
  start: string;
  end: string;
  title: string;
  message: string;
}

const formFields = ['type', 'month', 'start', 'end', 'title', 'message'] as const;

/**
 * The months a planner plans: the last one, this one and the next twelve, counted from the month
 * it is in Brasília (the product's months), not the browser's.
 */
function listPlanningMonths(now: Date): { value: string; label: string }[] {
  const currentMonth = findCurrentMonth(now);
  return Array.from({ length: 14 }, (_, index) => {
    const value = shiftMonth(currentMonth, index - 1);
    return { value, label: formatMonthWithSlash(value) };
  });
}

/** What the form sends: a planning covers its month; other tasks the days typed, if any. */
function buildBody(values: NewTaskValues, clientId: number): NewTaskBody {
  const isPlanning = values.type === 'budget-planning';
  const hasDays = values.type === 'import' || values.type === 'categorizing';
  return {
    client: clientId,
    start: isPlanning ? values.month || null : hasDays ? values.start.trim() || null : null,
    end: hasDays ? values.end.trim() || null : null,
    title: values.title.trim() || null,
    message: values.message.trim() || null,
  };
}

/** The domain's rules of a new task, on the form's fields (the month is the planning's start). */
function validateNewTask(values: NewTaskValues): Record<string, string> {
  const result = buildNewTaskSchema(values.type).safeParse(buildBody(values, 1));
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const bodyField = String(issue.path[0] ?? '');
    const field = values.type === 'budget-planning' && bodyField === 'start' ? 'month' : bodyField;
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

interface NewTaskDialogProps {
  opened: boolean;
  onClose: () => void;
  clientId: number;
  clientName: string;
  defaultType: TaskType;
}

/** 'Nova tarefa': a planner asks the client for an import, a categorization, a planning, or leaves a notice. */
export function NewTaskDialog({ opened, onClose, clientId, clientName, defaultType }: NewTaskDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Nova tarefa para ${clientName}`} centered>
      {/* Mounted only while open, so each opening starts empty. */}
      {opened ? <NewTaskForm clientId={clientId} defaultType={defaultType} onDone={onClose} /> : null}
    </Modal>
  );
}

function NewTaskForm(properties: { clientId: number; defaultType: TaskType; onDone: () => void }) {
  const { clientId, defaultType, onDone } = properties;
  const create = useCreateTask();
  const months = listPlanningMonths(new Date());
  const form = useForm<NewTaskValues>({
    initialValues: {
      type: defaultType,
      month: months[2]?.value ?? '',
      start: '',
      end: '',
      title: '',
      message: '',
    },
    validate: validateNewTask,
  });
  const { type } = form.values;
  const hasDays = type === 'import' || type === 'categorizing';
  // The title the server would write, while the dates typed so far are valid.
  const suggestion = buildNewTaskSchema(type).safeParse({ ...buildBody(form.values, clientId), title: null });
  const titlePlaceholder =
    type === 'notification'
      ? 'Ex.: Reunião de revisão na quinta'
      : suggestion.success
        ? suggestion.data.title
        : buildTaskTitle(type, null, null);

  const handleSubmit = form.onSubmit((values) => {
    create.mutate(
      { type: values.type, body: buildBody(values, clientId) },
      {
        onSuccess: () => {
          notifySuccess(describeCreation(values.type));
          onDone();
        },
        // A planning's month is sent as its start.
        onError: createFormMutationErrorHandler(form, {
          fields: formFields,
          renamedFields: values.type === 'budget-planning' ? { start: 'month' } : {},
        }),
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Select
          label="Tipo"
          required
          allowDeselect={false}
          data={taskTypes.map((value) => ({ value, label: taskTypeLabels[value] }))}
          {...form.getInputProps('type')}
        />
        {type === 'budget-planning' ? (
          <Select
            label="Mês do orçamento"
            required
            allowDeselect={false}
            data={months}
            {...form.getInputProps('month')}
          />
        ) : null}
        {hasDays ? (
          <Group grow align="flex-start">
            <MaskedTextInput
              label="Data inicial"
              placeholder="dd/mm/aaaa"
              format={formatDateMask}
              {...form.getInputProps('start')}
            />
            <MaskedTextInput
              label="Data final"
              placeholder="dd/mm/aaaa"
              format={formatDateMask}
              {...form.getInputProps('end')}
            />
          </Group>
        ) : null}
        <TextInput
          label="Título"
          required={type === 'notification'}
          placeholder={titlePlaceholder}
          description={type === 'notification' ? undefined : 'Em branco, a tarefa recebe o título sugerido.'}
          maxLength={150}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Mensagem"
          placeholder={
            type === 'notification' ? 'O que o cliente precisa saber' : 'Um recado para o cliente (opcional)'
          }
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Criar tarefa
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
