import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** /app/{organization}/tarefas-e-avisos (a planner's with ?clientId=): Avisos e importações. */
export class TasksPage {
  readonly shell: AppShell;
  readonly newTaskButton: Locator;
  readonly newTaskDialog: Locator;
  readonly statusFilter: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.newTaskButton = page.getByRole('button', { name: 'Nova tarefa', exact: true });
    this.newTaskDialog = page.getByRole('dialog', { name: /^Nova tarefa para / });
    this.statusFilter = page.getByRole('combobox', { name: 'Mostrar', exact: true });
  }

  static path(organization: string): string {
    return AppShell.path(organization, 'tarefas-e-avisos');
  }

  async open(organization: string): Promise<void> {
    await this.page.goto(TasksPage.path(organization));
  }

  /** 'Tarefas' or 'Avisos' (the `avisos` query). */
  async showMode(mode: 'Tarefas' | 'Avisos'): Promise<void> {
    await this.page.getByRole('radiogroup', { name: 'Tarefas ou avisos' }).getByText(mode, { exact: true }).click();
  }

  /** 'Novas', 'Ignoradas', 'Concluídas' or 'Todas' (notices: 'Novos', 'Ignorados', 'Concluídos', 'Todos'). */
  async showStatus(label: string): Promise<void> {
    await this.statusFilter.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** Opens 'Nova tarefa', fills what is given, and sends it. */
  async createTask(task: { type: string; month?: string; title?: string; message?: string }): Promise<void> {
    await this.newTaskButton.click();
    const dialog = this.newTaskDialog;
    await dialog.getByRole('combobox', { name: 'Tipo' }).click();
    await this.page.getByRole('option', { name: task.type, exact: true }).click();
    if (task.month) {
      await dialog.getByRole('combobox', { name: 'Mês do orçamento' }).click();
      await this.page.getByRole('option', { name: task.month, exact: true }).click();
    }
    if (task.title) await dialog.getByLabel('Título').fill(task.title);
    if (task.message) await dialog.getByLabel('Mensagem').fill(task.message);
    await dialog.getByRole('button', { name: 'Criar tarefa', exact: true }).click();
  }

  /** The row of a task, found by its title. */
  row(title: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByText(title, { exact: true }) });
  }

  /** The status badge of a task's row ('Nova', 'Ignorada', 'Concluída'; a notice's is masculine). */
  statusOf(title: string): Locator {
    return this.row(title).getByRole('cell').nth(4);
  }
}
