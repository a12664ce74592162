import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const accessLevelEnum = pgEnum('access_level', ['client', 'planner', 'manager']);
export const oneTimeTokenPurposeEnum = pgEnum('one_time_token_purpose', [
  'email_confirmation',
  'password_reset',
  'fast_access',
]);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  corporateName: text('corporate_name').notNull(),
  cnpj: text('cnpj'),
  logo: text('logo'),
  favicon: text('favicon'),
  linkRedirect: text('link_redirect').notNull().default(''),
  primaryColor: text('primary_color').notNull().default('1c7ed6'),
  secondaryColor: text('secondary_color').notNull().default('000000'),
  isTest: boolean('is_test').notNull().default(false),
  emailHeaderImage: text('email_header_image'),
  emailFooterImage: text('email_footer_image'),
  /** Set while the organization waits for its first manager (the /cadastro/organizacao flow). */
  registrationTokenHash: text('registration_token_hash'),
  createdAt: createdAt(),
});

/** Flags (tryout, chat, …) and toggles (future_flow, …) that are on; absence means off. */
export const organizationFeatures = pgTable(
  'organization_features',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.code] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    cpf: text('cpf'),
    profilePicture: text('profile_picture'),
    passwordHash: text('password_hash').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    isExternal: boolean('is_external').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** The public hash others register through (Persona.hash). */
    invitationHash: text('invitation_hash').notNull().unique(),
    /** The plan hash a user registered with, kept for the subscription flow. */
    registeredPlanHash: text('registered_plan_hash'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_organization_email_unique').on(table.organizationId, table.email)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessLevel: accessLevelEnum('access_level').notNull(),
    /** Only on client profiles: the planner who advises this client. */
    plannerUserId: integer('planner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('profiles_user_level_unique').on(table.userId, table.accessLevel),
    index('profiles_planner_index').on(table.plannerUserId),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('auth_tokens_user_index').on(table.userId)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: oneTimeTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_tokens_user_index').on(table.userId, table.purpose)],
);

/** Failed sign-ins, counted per account and per address to throttle guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull(),
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('login_failures_account_index').on(table.accountKey, table.failedAt),
    index('login_failures_address_index').on(table.address, table.failedAt),
  ],
);
