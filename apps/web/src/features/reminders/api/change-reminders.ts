import type { Reminder } from '@prumo/contract/reminders';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';
import { remindersQueryKey } from './get-reminders';

/** What the client types for a reminder; `amount` in cents, null when unknown. */
export interface ReminderFields {
  title: string;
  reminder_date: string;
  periodicity: 'MONTHLY' | 'YEARLY';
  amount: number | null;
}

/** A reminder's change shows in the list, on the home page and in Fluxo futuro. */
async function refreshAfterChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
    queryClient.invalidateQueries({ queryKey: sharedQueryKeys.clientHome }),
    queryClient.invalidateQueries({ queryKey: sharedQueryKeys.futureFlow }),
  ]);
}

/** POST bill-reminder/ (201). */
export function createReminder(fields: ReminderFields): Promise<Reminder> {
  return requestApi<Reminder>('bill-reminder/', { method: 'POST', body: fields });
}

/** PUT bill-reminder/{id}/: any of the fields, or `status: 'ACTIVE'` to accept a proposal. */
export function changeReminder({
  id,
  changes,
}: {
  id: number;
  changes: Partial<ReminderFields> & { status?: 'ACTIVE' };
}): Promise<Reminder> {
  return requestApi<Reminder>(`bill-reminder/${id}/`, { method: 'PUT', body: changes });
}

/** DELETE bill-reminder/{id}/ (204): a proposal dismissed is not proposed again. */
export function deleteReminder(id: number): Promise<void> {
  return requestApi<void>(`bill-reminder/${id}/`, { method: 'DELETE' });
}

/** POST bill-reminder-recommender/: proposes reminders from recurring lines; answers the new proposals. */
export function recommendReminders(): Promise<Reminder[]> {
  return requestApi<Reminder[]>('bill-reminder-recommender/', { method: 'POST' });
}

export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReminder, onSuccess: () => refreshAfterChange(queryClient) });
}

export function useChangeReminder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeReminder, onSuccess: () => refreshAfterChange(queryClient) });
}

export function useDeleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteReminder, onSuccess: () => refreshAfterChange(queryClient) });
}

export function useRecommendReminders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recommendReminders, onSuccess: () => refreshAfterChange(queryClient) });
}
