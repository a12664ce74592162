import type { NotificationChannel, NotificationTrigger } from '@prumo/domain/tasks/notification-settings';
import type { TaskStatus, TaskType } from '@prumo/domain/tasks/task-rules';

/** Shapes of the answers described in docs/tasks-api.md; dates are "YYYY-MM-DD". */

/** product §3 Task. */
export interface Task {
  id: number;
  type: TaskType;
  status: TaskStatus;
  title: string;
  message: string | null;
  client: number;
  start: string | null;
  end: string | null;
  created_at: string;
  created_by: number | null;
  created_by_name: string | null;
  bundle: number | null;
  /** Null while a budget planning is the planner's draft: only advisers see it. */
  sent_at: string | null;
}

export interface NotificationSettingsAnswer {
  channels: NotificationChannel[];
  notificationTrigger: NotificationTrigger;
}
