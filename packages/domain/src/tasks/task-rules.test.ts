import { describe, expect, it } from 'vitest';
import { formatMonthWithSlash } from '../budget/target-month';
import {
  defaultNotificationSettings,
  NotificationSettingsChangeSchema,
  shouldCountInBell,
  shouldEmailNewTask,
} from './notification-settings';
import {
  buildNewTaskSchema,
  findMonthEnd,
  findStatusChangeRefusal,
  listAllowedStatusChanges,
  taskMessages,
} from './task-rules';

describe('task status rules', () => {
  it('lets only the client ignore a task, and never a done one', () => {
    expect(findStatusChangeRefusal('client', 'pending', 'rejected')).toBeNull();
    expect(findStatusChangeRefusal('adviser', 'pending', 'rejected')).toBe(taskMessages.onlyClientIgnores);
    expect(findStatusChangeRefusal('client', 'done', 'rejected')).toBe(taskMessages.doneCannotBeIgnored);
  });

  it('lets the client and an adviser complete or reopen a task', () => {
    for (const actor of ['client', 'adviser'] as const) {
      expect(findStatusChangeRefusal(actor, 'pending', 'done')).toBeNull();
      expect(findStatusChangeRefusal(actor, 'rejected', 'done')).toBeNull();
      expect(findStatusChangeRefusal(actor, 'rejected', 'pending')).toBeNull();
      expect(findStatusChangeRefusal(actor, 'done', 'pending')).toBeNull();
      expect(findStatusChangeRefusal(actor, 'done', 'done')).toBeNull();
    }
  });

  it('lists the buttons each actor gets', () => {
    expect(listAllowedStatusChanges('client', 'pending')).toEqual(['rejected', 'done']);
    expect(listAllowedStatusChanges('adviser', 'pending')).toEqual(['done']);
    expect(listAllowedStatusChanges('client', 'done')).toEqual(['pending']);
    expect(listAllowedStatusChanges('client', 'rejected')).toEqual(['pending', 'done']);
  });
});

describe('a new task', () => {
  it('plans the budget of the month of its start, to the end of that month, titled in pt-BR', () => {
    const task = buildNewTaskSchema('budget-planning').parse({ client: '7', start: '15/11/2026' });
    expect(task).toEqual({
      client: 7,
      start: '2026-11-15',
      end: '2026-11-30',
      title: 'Planejamento do orçamento de novembro/2026',
      message: null,
    });
    expect(findMonthEnd('2028-02-03')).toBe('2028-02-29');
    expect(formatMonthWithSlash('2026-03-01')).toBe('março/2026');
    expect(formatMonthWithSlash('2026-12-31')).toBe('dezembro/2026');
  });

  it('names an import by its period and keeps a given title', () => {
    expect(buildNewTaskSchema('import').parse({ start: '2026-10-01', end: '2026-10-31' }).title).toBe(
      'Importar extratos de 01/10/2026 a 31/10/2026',
    );
    expect(buildNewTaskSchema('categorizing').parse({ title: '  Revise o mercado ' }).title).toBe('Revise o mercado');
  });

  it('refuses a planning without month, a notice without title, an end before the start and bad dates', () => {
    const errorsOf = (type: Parameters<typeof buildNewTaskSchema>[0], body: unknown) =>
      buildNewTaskSchema(type)
        .safeParse(body)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(errorsOf('budget-planning', {})).toEqual([['start', taskMessages.monthRequired]]);
    expect(errorsOf('notification', { title: '   ' })).toEqual([['title', taskMessages.noticeTitleRequired]]);
    expect(errorsOf('import', { start: '2026-10-31', end: '2026-10-01' })).toEqual([
      ['end', taskMessages.endBeforeStart],
    ]);
    expect(errorsOf('import', { start: '31/02/2026' })).toEqual([['start', 'Data inválida']]);
    // No such month: not a date at all, rather than one that rolls over.
    expect(errorsOf('budget-planning', { start: '2026-13-01' })).toEqual([['start', 'Data inválida']]);
    expect(errorsOf('import', { end: '00/00/2026' })).toEqual([['end', 'Data inválida']]);
    expect(errorsOf('notification', { title: 'x'.repeat(151) })).toEqual([['title', 'Limite de 150 excedido']]);
  });
});

describe('notification settings', () => {
  it('keeps each channel once and refuses unknown ones', () => {
    expect(NotificationSettingsChangeSchema.parse({ channels: ['email', 'in_app', 'email'] })).toEqual({
      channels: ['in_app', 'email'],
    });
    expect(NotificationSettingsChangeSchema.safeParse({ channels: ['sms'] }).error?.issues[0]?.message).toBe(
      'Canal inválido: use in_app ou email.',
    );
    expect(
      NotificationSettingsChangeSchema.safeParse({ notificationTrigger: 'sempre' }).error?.issues[0]?.message,
    ).toBe('Opção inválida: use all ou notices.');
  });

  it('reaches the user on the channels they keep, for what the trigger covers', () => {
    expect(shouldEmailNewTask(defaultNotificationSettings, false)).toBe(true);
    const noticesByEmail = { channels: ['email' as const], notificationTrigger: 'notices' as const };
    expect(shouldEmailNewTask(noticesByEmail, false)).toBe(false);
    expect(shouldEmailNewTask(noticesByEmail, true)).toBe(true);
    expect(shouldCountInBell(noticesByEmail, true)).toBe(false);
  });
});
