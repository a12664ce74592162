import type { Database } from '@prumo/api/src/db/database';
import { organizations } from '@prumo/api/src/db/schema';
import { insertAuthToken, insertUserWithProfile } from '@prumo/api/src/modules/accounts/accounts.repo';
import { insertDefaultCategories } from '@prumo/api/src/modules/categories/categories.repo';

/** An organization with `clientCount` clients, each signed in; the password is never used. */
export async function createBenchOrganization(db: Database, slug: string, clientCount: number) {
  const [organization] = await db
    .insert(organizations)
    .values({ slug, name: slug, corporateName: `${slug} Ltda.` })
    .returning();
  if (!organization) throw new Error('no organization');
  await insertDefaultCategories(db, organization.id);
  const clients: { id: number; token: string }[] = [];
  for (let index = 0; index < clientCount; index++) {
    const user = await insertUserWithProfile(
      db,
      {
        organizationId: organization.id,
        email: `cliente${index}@${slug}.bench`,
        firstName: 'Cliente',
        lastName: String(index),
        phone: '11987654321',
        cpf: null,
        passwordHash: 'unused',
        confirmed: true,
      },
      'client',
      null,
    );
    clients.push({ id: user.id, token: await insertAuthToken(db, user.id, new Date(Date.now() + 6 * 3_600_000)) });
  }
  return { organizationId: organization.id, clients };
}
