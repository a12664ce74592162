import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, descriptions, origins, transactions } from '../src/db/schema';
import { suggestCategories } from '../src/modules/categories/index';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

async function findDescriptionId(organizationId: number, categoryName: string, descriptionName: string) {
  const [row] = await context.database.db
    .select({ categoryId: categories.id, descriptionId: descriptions.id })
    .from(descriptions)
    .innerJoin(categories, eq(categories.id, descriptions.categoryId))
    .where(
      and(
        eq(categories.organizationId, organizationId),
        eq(categories.name, categoryName),
        eq(descriptions.name, descriptionName),
      ),
    );
  if (!row) throw new Error('missing description');
  return row;
}

describe('GET category/ and description/', () => {
  it("lists the organization's default tree", async () => {
    const response = await call(context, 'GET', '/api/category/', { token: organization.client.token });
    expect(response.statusCode).toBe(200);
    const names = response.json().map((category: { name: string }) => category.name);
    expect(names).toEqual(
      expect.arrayContaining(['Moradia', 'Alimentação', 'Transporte', 'Saúde', 'Educação', 'Lazer', 'Renda']),
    );
    expect(response.json().find((category: { name: string }) => category.name === 'Investimentos')).toMatchObject({
      kind: 'asset_transfer',
      is_expense: false,
      is_asset_transfer: true,
    });
  });

  it('filters descriptions by text and by expense', async () => {
    const found = await call(context, 'GET', '/api/description/?tags=mercado', { token: organization.client.token });
    expect(found.json()).toEqual([
      expect.objectContaining({ name: 'Supermercado', category_name: 'Alimentação', is_expense: true }),
    ]);
    const income = await call(context, 'GET', '/api/description/?is_expense=false', {
      token: organization.client.token,
    });
    const incomeNames = income.json().map((description: { name: string }) => description.name);
    expect(incomeNames).toContain('Salário');
    expect(incomeNames).not.toContain('Aluguel');
  });

  it("never shows another organization's categories", async () => {
    const own = (await call(context, 'GET', '/api/category/', { token: organization.client.token })).json();
    const other = (await call(context, 'GET', '/api/category/', { token: otherOrganization.client.token })).json();
    const ownIds = new Set(own.map((category: { id: number }) => category.id));
    expect(other.some((category: { id: number }) => ownIds.has(category.id))).toBe(false);
  });

  it('needs a session', async () => {
    expect((await call(context, 'GET', '/api/category/')).statusCode).toBe(401);
    expect((await call(context, 'GET', '/api/bank/')).statusCode).toBe(401);
  });
});

describe('GET bank/', () => {
  it('lists Brazilian banks by code', async () => {
    const response = await call(context, 'GET', '/api/bank/', { token: organization.client.token });
    expect(response.json()).toContainEqual(expect.objectContaining({ code: '341', name: 'Itaú Unibanco' }));
  });
});

describe('learned categorization', () => {
  it('prefers what this client chose, then what the organization chose, then the keyword rules', async () => {
    const { db } = context.database;
    const restaurant = await findDescriptionId(organization.id, 'Alimentação', 'Restaurante');
    const bakery = await findDescriptionId(organization.id, 'Alimentação', 'Padaria');
    const addCategorized = async (
      clientUserId: number,
      merchantKey: string,
      chosen: typeof restaurant,
      suffix: string,
    ) => {
      const [origin] = await db
        .insert(origins)
        .values({ organizationId: organization.id, clientUserId, kind: 'manual', accountNumber: suffix })
        .returning();
      await db.insert(transactions).values({
        organizationId: organization.id,
        clientUserId,
        originId: origin!.id,
        date: '2026-10-01',
        cashDate: '2026-10-01',
        amountCents: -2500,
        name: merchantKey,
        merchantKey,
        categoryId: chosen.categoryId,
        descriptionId: chosen.descriptionId,
        categorizedBy: 'person',
        categorizedAt: new Date(),
        createdFrom: 'manual',
        identityKey: BigInt(`0x${Buffer.from(`${merchantKey}-${suffix}`).toString('hex').slice(0, 15)}`),
      });
    };
    // The organization (the planner's other client) calls "CASA DO PAO" a restaurant; this client a bakery.
    await addCategorized(organization.loneClient.row.id, 'CASA DO PAO', restaurant, 'a');
    await addCategorized(organization.loneClient.row.id, 'BISTRO VERDE', restaurant, 'b');
    await addCategorized(organization.client.row.id, 'CASA DO PAO', bakery, 'c');

    const scope = { organizationId: organization.id, clientUserId: organization.client.row.id };
    const [own, fromOrganization, byRule, unknown, income] = await suggestCategories(db, scope, [
      { merchantKey: 'CASA DO PAO', name: 'CASA DO PAO', amountCents: -900 },
      { merchantKey: 'BISTRO VERDE', name: 'BISTRO VERDE', amountCents: -4000 },
      { merchantKey: 'UBER TRIP', name: 'UBER *TRIP', amountCents: -1800 },
      { merchantKey: 'LOJA QUALQUER', name: 'LOJA QUALQUER', amountCents: -1000 },
      { merchantKey: 'CASA DO PAO', name: 'CASA DO PAO', amountCents: 900 },
    ]);
    expect(own).toMatchObject({ descriptionId: bakery.descriptionId, by: 'client_history' });
    expect(fromOrganization).toMatchObject({ descriptionId: restaurant.descriptionId, by: 'organization_history' });
    expect(byRule).toMatchObject({ by: 'rule', isAssetTransfer: false });
    expect(unknown).toBeNull();
    // Money coming in from the same merchant is another matter (a refund): not learned from purchases.
    expect(income).toBeNull();

    const otherScope = { organizationId: otherOrganization.id, clientUserId: otherOrganization.client.row.id };
    const [foreign] = await suggestCategories(db, otherScope, [
      { merchantKey: 'BISTRO VERDE', name: 'BISTRO VERDE', amountCents: -4000 },
    ]);
    expect(foreign).toBeNull();
  });

  it('answers category/recommended/ for the caller, and a planner only for their clients', async () => {
    const recommended = await call(context, 'GET', '/api/category/recommended/?description=NETFLIX.COM', {
      token: organization.client.token,
    });
    expect(recommended.statusCode).toBe(200);
    const streaming = await findDescriptionId(organization.id, 'Lazer', 'Streaming');
    expect(recommended.json()).toEqual({
      category: streaming.categoryId,
      description: streaming.descriptionId,
      source: 'rule',
    });

    const asPlanner = await call(
      context,
      'GET',
      `/api/category/recommended/?description=NETFLIX&clientId=${organization.client.row.id}`,
      {
        token: organization.planner.token,
      },
    );
    expect(asPlanner.statusCode).toBe(200);
    const notTheirClient = await call(
      context,
      'GET',
      `/api/category/recommended/?description=NETFLIX&clientId=${organization.loneClient.row.id}`,
      {
        token: organization.planner.token,
      },
    );
    expect(notTheirClient.statusCode).toBe(404);
    const otherOrganizationClient = await call(
      context,
      'GET',
      `/api/category/recommended/?description=NETFLIX&clientId=${otherOrganization.client.row.id}`,
      { token: organization.manager.token },
    );
    expect(otherOrganizationClient.statusCode).toBe(404);
  });
});
