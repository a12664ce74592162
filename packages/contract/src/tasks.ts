import { taskStatuses, taskTypes } from '@prumo/domain/tasks/task-rules';
import { z } from 'zod';
import { CashFlowLineSchema } from './cash-flow';
import { buildPageSchema } from './common';
import { StatementFileSchema } from './imports';

/** A task of a client: something to do (import, categorize, review a planning) or a notice. Dates are "YYYY-MM-DD". */
export const TaskSchema = z.object({
  id: z.number().int(),
  type: z.enum(taskTypes),
  status: z.enum(taskStatuses),
  title: z.string(),
  message: z.string().nullable(),
  client: z.number().int(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  /** The bundle of statements that completed an import task. */
  bundle: z.number().int().nullable(),
  /** Null while a budget planning is the planner's draft: only advisers see it. */
  sent_at: z.string().nullable(),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskPageSchema = buildPageSchema(TaskSchema);
export type TaskPage = z.infer<typeof TaskPageSchema>;

/**
 * A categorizing task with what is left to categorize: how many lines, and the first of them as the
 * cash flow lists them.
 */
export const CategorizingTaskSchema = TaskSchema.extend({
  uncategorized: z.number().int(),
  transactions: z.array(CashFlowLineSchema),
});
export type CategorizingTask = z.infer<typeof CategorizingTaskSchema>;

/** An import task with the statement files that completed it. */
export const ImportTaskSchema = TaskSchema.extend({ files: z.array(StatementFileSchema) });
export type ImportTask = z.infer<typeof ImportTaskSchema>;
