import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/**
 * The planner's desk: the book of clients on the dashboard ('Meus clientes'), the client view's
 * status bar, and the client's 'Quem acessou meus dados' (docs/desks-api.md).
 */
export class PlannerDeskPage {
  constructor(readonly page: Page) {}

  /** The dashboard's card 'Meus clientes'. */
  book(): Locator {
    return this.page
      .locator('.mantine-Paper-root')
      .filter({ has: this.page.getByRole('heading', { name: 'Meus clientes', exact: true }) });
  }

  /** A client's row (a table row on wide screens, a card on a phone), by the name shown. */
  clientEntry(clientName: string): Locator {
    const rows = this.book()
      .getByRole('row')
      .filter({ has: this.page.getByText(clientName, { exact: true }) });
    const cards = this.book().getByRole('listitem', { name: clientName, exact: true });
    return rows.or(cards);
  }

  async search(text: string): Promise<void> {
    await this.book().getByLabel('Buscar cliente').fill(text);
  }

  /** Turns a filter chip ('Com tarefas atrasadas', 'Acima do orçamento', 'Sem importação há 30 dias') on or off. */
  async toggleFilter(label: string): Promise<void> {
    await this.book().getByText(label, { exact: true }).click();
  }

  /** 'Ativos' or 'Em pausa e encerrados'. */
  async showClients(which: 'Ativos' | 'Em pausa e encerrados'): Promise<void> {
    await this.book().getByText(which, { exact: true }).click();
  }

  async sortBy(label: string): Promise<void> {
    await this.book().getByRole('combobox', { name: 'Ordenar por' }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** The client's status choice ('Situação de Carla Cliente'), on the dashboard or the client view. */
  statusOf(clientName: string): Locator {
    return this.page.getByRole('combobox', { name: `Situação de ${clientName}`, exact: true });
  }

  async setStatus(clientName: string, label: 'Ativo' | 'Em pausa' | 'Encerrado'): Promise<void> {
    await this.statusOf(clientName).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** Opens the client view from the book ('Ver caixa'). */
  async openClient(clientName: string): Promise<void> {
    await this.page.getByRole('link', { name: `Ver caixa de ${clientName}`, exact: true }).click();
  }

  /** configuracao/meu-perfil/acessos: the client's 'Quem acessou meus dados'. */
  static accessLogPath(organization: string): string {
    return `${AppShell.path(organization, 'configuracao/meu-perfil')}/acessos`;
  }

  /** The access log's entries: rows of the table, or cards on a phone. */
  accessEntries(): Locator {
    const name = 'Quem acessou meus dados';
    return this.page
      .getByRole('table', { name, exact: true })
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') })
      .or(this.page.getByRole('list', { name, exact: true }).getByRole('listitem'));
  }
}

/** PUT profiles/customer-manager?clientId= as the client's planner: restores a status after a test. */
export async function setClientStatus(
  request: APIRequestContext,
  plannerKey: string,
  clientId: number,
  status: 'ativo' | 'em_pausa' | 'encerrado',
): Promise<void> {
  const response = await request.put('/api/profiles/customer-manager', {
    headers: { Authorization: `Token ${plannerKey}` },
    params: { clientId },
    data: { status },
  });
  expect(response.status(), 'PUT /api/profiles/customer-manager').toBe(200);
}

/** GET access-log/?clientId= as the client's planner: how many openings the client's log holds. */
export async function countAccessLog(
  request: APIRequestContext,
  plannerKey: string,
  clientId: number,
): Promise<number> {
  const response = await request.get('/api/access-log/', {
    headers: { Authorization: `Token ${plannerKey}` },
    params: { clientId, limit: 1 },
  });
  expect(response.status(), 'GET /api/access-log/').toBe(200);
  return ((await response.json()) as { count: number }).count;
}
