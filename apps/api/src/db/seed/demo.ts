import type { AccessLevel } from '@prumo/domain/auth/roles';
import { featureToggles, organizationFlags } from '@prumo/domain/organization/features';
import { count } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import { insertUserWithProfile } from '../../modules/accounts/index';
import { insertDefaultCategories } from '../../modules/categories/index';
import type { Database, Transaction } from '../database';
import { organizationFeatures, organizations } from '../schema';
import { type DemoBudgetPlanning, insertDemoBudgetPlanning } from './demo-budget-planning';

export const demoPassword = 'Prumo@2026';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  cpf: string;
  role: AccessLevel;
  /** E-mail of this client's planner. */
  planner?: string;
}

interface DemoOrganization {
  slug: string;
  name: string;
  corporateName: string;
  cnpj: string;
  primaryColor: string;
  secondaryColor: string;
  isTest: boolean;
  features: readonly string[];
  users: DemoUser[];
  /** A client's month planned by their planner, so the budget and task screens show something real. */
  budgetPlanning?: DemoBudgetPlanning;
}

export const demoOrganizations: DemoOrganization[] = [
  {
    slug: 'demo',
    name: 'Prumo Demo',
    corporateName: 'Prumo Demonstração Planejamento Financeiro Ltda.',
    cnpj: '11222333000181',
    primaryColor: '0b7285',
    secondaryColor: '1b1f3b',
    isTest: false,
    // A customer, not on trial: every flag but `tryout` (ADR 37), every toggle.
    features: [...organizationFlags.filter((flag) => flag !== 'tryout'), ...featureToggles],
    users: [
      {
        email: 'gestor@demo.com.br',
        firstName: 'Gabriela',
        lastName: 'Gestora',
        phone: '11987650001',
        cpf: '52998224725',
        role: 'manager',
      },
      {
        email: 'planejador@demo.com.br',
        firstName: 'Paulo',
        lastName: 'Planejador',
        phone: '11987650002',
        cpf: '11144477735',
        role: 'planner',
      },
      {
        email: 'cliente@demo.com.br',
        firstName: 'Carla',
        lastName: 'Cliente',
        phone: '11987650003',
        cpf: '39053344705',
        role: 'client',
        planner: 'planejador@demo.com.br',
      },
      {
        email: 'cliente2@demo.com.br',
        firstName: 'Caio',
        lastName: 'Cliente',
        phone: '11987650004',
        cpf: '86288366757',
        role: 'client',
        planner: 'planejador@demo.com.br',
      },
    ],
    budgetPlanning: {
      client: 'cliente@demo.com.br',
      planner: 'planejador@demo.com.br',
      message: 'Montei o orçamento do mês com base nos seus gastos. Revise e aceite se estiver de acordo.',
      items: {
        'Renda/Salário': 950_000,
        'Moradia/Aluguel': 280_000,
        'Moradia/Condomínio': 65_000,
        'Alimentação/Supermercado': 140_000,
        'Transporte/Combustível': 45_000,
        'Lazer/Streaming': 8_990,
        'Investimentos/Aplicação': 100_000,
      },
    },
  },
  {
    slug: 'outra',
    name: 'Outra Finanças',
    corporateName: 'Outra Finanças Consultoria S.A.',
    cnpj: '04252011000110',
    primaryColor: 'c2255c',
    secondaryColor: '2b2d42',
    isTest: true,
    // On trial (ADR 37), 30 days from the seed: its manager sees the days left.
    features: ['tryout', 'help', 'my_assets_client', 'my_performance_client'],
    users: [
      {
        email: 'gestor@outra.com.br',
        firstName: 'Otávio',
        lastName: 'Gestor',
        phone: '21987650001',
        cpf: '71428793860',
        role: 'manager',
      },
      {
        email: 'planejador@outra.com.br',
        firstName: 'Olívia',
        lastName: 'Planejadora',
        phone: '21987650002',
        cpf: '24843803480',
        role: 'planner',
      },
      {
        email: 'cliente@outra.com.br',
        firstName: 'Oscar',
        lastName: 'Cliente',
        phone: '21987650003',
        cpf: '15350946056',
        role: 'client',
        planner: 'planejador@outra.com.br',
      },
    ],
  },
];

async function insertDemoOrganization(transaction: Transaction, demo: DemoOrganization): Promise<void> {
  const [organization] = await transaction
    .insert(organizations)
    .values({
      slug: demo.slug,
      name: demo.name,
      corporateName: demo.corporateName,
      cnpj: demo.cnpj,
      primaryColor: demo.primaryColor,
      secondaryColor: demo.secondaryColor,
      isTest: demo.isTest,
    })
    .returning({ id: organizations.id });
  if (!organization) throw new Error('demo organization not created');
  await transaction
    .insert(organizationFeatures)
    .values(demo.features.map((code) => ({ organizationId: organization.id, code })));
  await insertDefaultCategories(transaction, organization.id);
  const idsByEmail = new Map<string, number>();
  for (const user of demo.users) {
    const created = await insertUserWithProfile(
      transaction,
      {
        organizationId: organization.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        cpf: user.cpf,
        passwordHash: await hashPassword(demoPassword),
        confirmed: true,
      },
      user.role,
      user.planner ? (idsByEmail.get(user.planner) ?? null) : null,
    );
    idsByEmail.set(user.email, created.id);
  }
  if (demo.budgetPlanning) {
    const clientUserId = idsByEmail.get(demo.budgetPlanning.client);
    const plannerUserId = idsByEmail.get(demo.budgetPlanning.planner);
    if (!clientUserId || !plannerUserId) throw new Error('the demo planning names users the organization lacks');
    const now = new Date();
    const scope = {
      organizationId: organization.id,
      clientUserId,
      caller: {
        userId: plannerUserId,
        organizationId: organization.id,
        organizationSlug: demo.slug,
        role: 'planner' as const,
        features: [],
        tokenExpiresAt: now,
      },
    };
    await insertDemoBudgetPlanning(transaction, scope, demo.budgetPlanning, now);
  }
}

/** Creates the demo organizations in one transaction; false when any organization exists already. */
export async function seedDemoWhenEmpty(db: Database): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(organizations);
  if ((existing?.total ?? 0) > 0) return false;
  await db.transaction(async (transaction) => {
    for (const demo of demoOrganizations) await insertDemoOrganization(transaction, demo);
  });
  return true;
}

/** `npm run seed:demo`: adds the demo organizations that are missing, by slug. */
export async function seedMissingDemoOrganizations(db: Database): Promise<string[]> {
  const existing = new Set((await db.select({ slug: organizations.slug }).from(organizations)).map((row) => row.slug));
  const missing = demoOrganizations.filter((demo) => !existing.has(demo.slug));
  await db.transaction(async (transaction) => {
    for (const demo of missing) await insertDemoOrganization(transaction, demo);
  });
  return missing.map((demo) => demo.slug);
}
