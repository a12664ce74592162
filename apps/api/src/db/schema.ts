import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
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

/**
 * Requests counted per address and call for the per-address limits, shared by every Prumo process
 * on the database. The columns are the ones rate-limiter-flexible's PostgreSQL store reads and
 * writes: `key` (call and address), `points` (requests in the window), `expire` (the window's end,
 * in epoch milliseconds).
 */
export const rateLimitCounts = pgTable('rate_limit_counts', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

// ——— Bank statements and cash flow (issue 3) ———

export const categoryKindEnum = pgEnum('category_kind', ['expense', 'income', 'asset_transfer', 'own_transfer']);
export const originKindEnum = pgEnum('origin_kind', ['bank_account', 'credit_card', 'manual']);
export const taskTypeEnum = pgEnum('task_type', ['import', 'budget-planning', 'categorizing', 'notification']);
export const taskStatusEnum = pgEnum('task_status', ['pending', 'rejected', 'done']);
/** Who gave a transaction its category: a person, what Prumo learned, or the keyword rules. */
export const categorizedByEnum = pgEnum('categorized_by', ['person', 'client_history', 'organization_history', 'rule']);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: categoryKindEnum('kind').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('categories_organization_name_unique').on(table.organizationId, table.name)],
);

export const descriptions = pgTable(
  'descriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('descriptions_category_name_unique').on(table.categoryId, table.name)],
);

/** An account or card of a client, identified by bank code, branch and number ('' when unknown). */
export const origins = pgTable(
  'origins',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: originKindEnum('kind').notNull(),
    bankCode: text('bank_code').notNull().default(''),
    branch: text('branch').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    nickname: text('nickname'),
    ignored: boolean('ignored').notNull().default(false),
    balanceCents: bigint('balance_cents', { mode: 'number' }),
    balanceDate: date('balance_date'),
    dueDay: smallint('due_day'),
    closingDay: smallint('closing_day'),
    /** A card's credit limit in cents, when the client tells it. */
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }),
    /**
     * When the pendency of an account a file created (its balance, a card's days) was completed.
     * Kept on the account, not on each file that lists it, so completing it once settles it everywhere.
     */
    pendencyCompletedAt: timestamp('pendency_completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('origins_identity_unique').on(
      table.clientUserId,
      table.kind,
      table.bankCode,
      table.branch,
      table.accountNumber,
    ),
  ],
);

export const importBundles = pgTable(
  'import_bundles',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('import_bundles_client_index').on(table.clientUserId, table.createdAt)],
);

export const statementFiles = pgTable(
  'statement_files',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => importBundles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storedPath: text('stored_path'),
    readStatus: text('read_status').notNull(),
    /** Why the file looks incomplete (cut short, balances that disagree with its lines), in pt-BR; null when whole. */
    readWarning: text('read_warning'),
    transactionsRead: integer('transactions_read').notNull().default(0),
    transactionsAdded: integer('transactions_added').notNull().default(0),
    /** Rows of the file that are not transactions (balances, future entries), with why. */
    skippedRows: jsonb('skipped_rows')
      .$type<{ reason: string; text: string; date?: string | null; amountCents?: number | null }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (table) => [index('statement_files_client_index').on(table.clientUserId, table.createdAt)],
);

/**
 * Which accounts or cards a file brought; `newAccount` when the file created the origin (then the
 * file lists the origin's pendency until `origins.pendencyCompletedAt` is set).
 */
export const statementFileOrigins = pgTable(
  'statement_file_origins',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => statementFiles.id, { onDelete: 'cascade' }),
    originId: integer('origin_id')
      .notNull()
      .references(() => origins.id, { onDelete: 'cascade' }),
    newAccount: boolean('new_account').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.originId] })],
);

/**
 * The busiest table: a bank file brings thousands of rows at once, so it keeps no row-by-row
 * foreign key and three indexes. That a line's organization and client are its origin's is checked
 * once per statement by a trigger (migration 0002), which also deletes an origin's lines with it and
 * bumps the client's cash-flow version; category, description and file are checked by the
 * application against the caller's scope (categories are never deleted; a file's lines are
 * deleted with it).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    clientUserId: integer('client_user_id').notNull(),
    originId: integer('origin_id').notNull(),
    /** The file that brought the line (none for typed lines); its lines are deleted with it by the application. */
    fileId: integer('file_id'),
    date: date('date').notNull(),
    /** When the money actually leaves or arrives: a card purchase counts on its bill's due date. */
    cashDate: date('cash_date').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    merchantKey: text('merchant_key').notNull(),
    categoryId: integer('category_id'),
    descriptionId: integer('description_id'),
    categorizedBy: categorizedByEnum('categorized_by'),
    categorizedAt: timestamp('categorized_at', { withTimezone: true }),
    isFixed: boolean('is_fixed').notNull().default(false),
    ignored: boolean('ignored').notNull().default(false),
    isAssetTransfer: boolean('is_asset_transfer').notNull().default(false),
    createdFrom: text('created_from').notNull(),
    /** Stable identity within the origin (64 bits of a hash), so importing the same lines again adds nothing. */
    identityKey: bigint('identity_key', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('transactions_origin_identity_unique').on(table.originId, table.identityKey),
    // The cash flow's page is read straight off this index, newest first.
    index('transactions_client_cash_date_index').on(
      table.clientUserId,
      table.cashDate.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      // Carried along (after the unique id, they never change the order) so counting a period reads the index only.
      table.organizationId,
      table.ignored,
      table.originId,
    ),
    // Learned categorization reads only what people categorized: imports do not grow this index.
    index('transactions_learned_merchant_index')
      .on(table.organizationId, table.merchantKey)
      .where(sql`categorized_by = 'person'`),
  ],
);

/**
 * Imported lines a person deleted, by their identity within the account: importing their statement
 * again does not bring them back (ADR 4). Deleting a file forgets nothing here; deleting the
 * account forgets its lines.
 */
export const dismissedLines = pgTable(
  'dismissed_lines',
  {
    originId: integer('origin_id')
      .notNull()
      .references(() => origins.id, { onDelete: 'cascade' }),
    identityKey: bigint('identity_key', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.originId, table.identityKey] })],
);

/**
 * A number that changes whenever a client's cash flow may have changed (their lines, or their
 * accounts' ignored flag): statement-level triggers bump it in the writing transaction itself, so
 * counts and sums computed at one version can be reused until the next write.
 */
export const cashFlowVersions = pgTable('cash_flow_versions', {
  clientUserId: integer('client_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Each client's planning version: bumped (triggers of migration 0017) in the transaction of every
 * write to their budgets, budget items or budget-planning tasks, so what the future flow reads of
 * them can be reused until the next change, as the cash flow does with `cash_flow_versions`.
 */
export const planningVersions = pgTable('planning_versions', {
  clientUserId: integer('client_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Each client's holdings version: bumped (triggers of migration 0024) in the transaction of every
 * write to their accounts, card bills, investments, other balances and debts, so a net worth read
 * at it (with the cash-flow version) can be reused until the next change.
 */
export const holdingsVersions = pgTable('holdings_versions', {
  clientUserId: integer('client_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    type: taskTypeEnum('type').notNull(),
    status: taskStatusEnum('status').notNull().default('pending'),
    title: text('title').notNull(),
    /** What the planner adds for the client: a notice's text, or a note on a task. */
    message: text('message'),
    start: date('start'),
    end: date('end'),
    bundleId: integer('bundle_id').references(() => importBundles.id, { onDelete: 'cascade' }),
    /**
     * When the client was given the task: at creation, except a budget planning, which is the
     * planner's draft (null, unseen by the client) until the planner first finishes it (ADR 6).
     */
    sentAt: timestamp('sent_at', { withTimezone: true }).defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('tasks_client_index').on(table.clientUserId, table.status),
    // One open planning per client and month (the month of its start), however two requests race.
    uniqueIndex('tasks_open_budget_planning_unique')
      .on(table.clientUserId, sql`date_trunc('month', ${table.start}::timestamp)`)
      .where(sql`type = 'budget-planning' and status = 'pending'`),
    // One open categorizing task per client: it lists whatever is still uncategorized.
    uniqueIndex('tasks_open_categorizing_unique')
      .on(table.clientUserId)
      .where(sql`type = 'categorizing' and status = 'pending'`),
  ],
);

// ——— Notices (issue 4) ———

export const notificationChannelEnum = pgEnum('notification_channel', ['in_app', 'email']);
export const notificationTriggerEnum = pgEnum('notification_trigger', ['all', 'notices']);

/** A user's notices settings (channels, trigger); no row means the defaults (every channel, everything). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: notificationChannelEnum('channels').array().notNull(),
  notificationTrigger: notificationTriggerEnum('notification_trigger').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
// ——— Budgets (issue 4) ———

/**
 * A client's plan: one per target month (its first day), plus one ideal budget (no month) the
 * planner keeps as the reference. A budget-planning task finds its budget by client and month.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetMonth: date('target_month'),
    isIdeal: boolean('is_ideal').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    // The target of the items' composite foreign key.
    unique('budgets_owner_unique').on(table.id, table.organizationId, table.clientUserId),
    uniqueIndex('budgets_client_month_unique').on(table.clientUserId, table.targetMonth).where(sql`not is_ideal`),
    uniqueIndex('budgets_client_ideal_unique').on(table.clientUserId).where(sql`is_ideal`),
    check(
      'budgets_month_check',
      sql`(is_ideal and target_month is null) or (not is_ideal and target_month is not null and extract(day from target_month) = 1)`,
    ),
  ],
);

/** A planned amount (positive cents) for a category and optionally one of its descriptions. */
/** How an item repeats when a later month follows its budget's plan (packages/domain budget-recurrence). */
export const budgetItemRecurrenceEnum = pgEnum('budget_item_recurrence', ['monthly', 'yearly', 'once']);

export const budgetItems = pgTable(
  'budget_items',
  {
    id: serial('id').primaryKey(),
    budgetId: integer('budget_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    clientUserId: integer('client_user_id').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    descriptionId: integer('description_id').references(() => descriptions.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    recurrence: budgetItemRecurrenceEnum('recurrence').notNull().default('monthly'),
  },
  (table) => [
    // Organization and client come with the budget and cannot disagree with it.
    foreignKey({
      columns: [table.budgetId, table.organizationId, table.clientUserId],
      foreignColumns: [budgets.id, budgets.organizationId, budgets.clientUserId],
      name: 'budget_items_budget_fk',
    }).onDelete('cascade'),
    // One planned amount per category and description in a budget (a category-wide one included).
    unique('budget_items_line_unique').on(table.budgetId, table.categoryId, table.descriptionId).nullsNotDistinct(),
    check('budget_items_amount_check', sql`amount_cents > 0`),
  ],
);

// ——— Invitations ———

/**
 * A registration link: it grants exactly one role, in one organization (ADR 10). `standing` marks a
 * user's permanent client link (Persona.hash, mirrored in users.invitation_hash). Client links are
 * reusable; planner and manager links register one person only (`used_at`).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    role: accessLevelEnum('role').notNull(),
    issuedByUserId: integer('issued_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Only on client links issued by a planner: the planner the new client is given to. */
    plannerUserId: integer('planner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    standing: boolean('standing').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Planner and manager links register one person: set, with that person, by the registration that used it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByUserId: integer('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invitations_organization_token_unique').on(table.organizationId, table.token),
    index('invitations_issued_by_index').on(table.issuedByUserId),
    check('invitations_planner_only_on_client', sql`${table.plannerUserId} is null or ${table.role} = 'client'`),
  ],
);

// ——— Jobs (issue 10) ———

/** One row per finished run of a scheduled job: which tick it served, and which process ran it. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    jobName: text('job_name').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    processId: text('process_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('job_runs_job_scheduled_index').on(table.jobName, table.scheduledFor)],
);

/**
 * An e-mail waiting for its delivery job. The row goes once the message is delivered: its body
 * carries live tokens, so it is kept no longer than needed and never copied into the job queue.
 */
export const outgoingEmails = pgTable('outgoing_emails', {
  id: uuid('id').primaryKey(),
  recipient: text('recipient').notNull(),
  fromName: text('from_name').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: createdAt(),
});

/**
 * The two columns of a client-owned row: its organization and its client, both removed with them.
 * Every repository reads such a table through `buildClientOwnedWhere` (lib/scope.ts).
 */
const clientOwnedColumns = () => ({
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  clientUserId: integer('client_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

// ——— Bill reminders ———

export const reminderPeriodicityEnum = pgEnum('reminder_periodicity', ['MONTHLY', 'YEARLY']);
/** USER: the client made it; RECOMMENDER: proposed from recurring lines of the cash flow. */
export const reminderTypeEnum = pgEnum('reminder_type', ['USER', 'RECOMMENDER']);
/** ACTIVE: the client's reminder; PROPOSED: the recommender's, waiting to be accepted or dismissed (ADR 23). */
export const reminderStatusEnum = pgEnum('reminder_status', ['ACTIVE', 'PROPOSED']);

/** A bill a client expects: its first due date and how it repeats (ADR 19). */
export const billReminders = pgTable(
  'bill_reminders',
  {
    id: serial('id').primaryKey(),
    ...clientOwnedColumns(),
    title: text('title').notNull(),
    content: text('content'),
    reminderDate: date('reminder_date').notNull(),
    periodicity: reminderPeriodicityEnum('periodicity').notNull(),
    type: reminderTypeEnum('type').notNull().default('USER'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    userReminder: boolean('user_reminder').notNull().default(true),
    cashflowReminder: boolean('cashflow_reminder').notNull().default(true),
    status: reminderStatusEnum('status').notNull().default('ACTIVE'),
    /** The merchant a recommender's reminder was found on: its lines pay it, and it is proposed once. */
    merchantKey: text('merchant_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('bill_reminders_client_index').on(table.clientUserId),
    check('bill_reminders_amount_check', sql`amount_cents > 0`),
    // Only the recommender proposes; a proposal always names its merchant.
    check(
      'bill_reminders_proposed_check',
      sql`status = 'ACTIVE' or (type = 'RECOMMENDER' and merchant_key is not null)`,
    ),
    // One reminder per merchant and client, however two runs of the recommender race.
    uniqueIndex('bill_reminders_client_merchant_unique')
      .on(table.clientUserId, table.merchantKey)
      .where(sql`merchant_key is not null`),
  ],
);

/** Merchants whose proposed (or accepted) reminder the client deleted: the recommender never proposes them again. */
export const dismissedBillMerchants = pgTable(
  'dismissed_bill_merchants',
  {
    ...clientOwnedColumns(),
    merchantKey: text('merchant_key').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientUserId, table.merchantKey] })],
);

/** Each reminder sent, by occurrence and channel: the key makes a rerun, or a second process, send nothing twice. */
export const billReminderNotices = pgTable(
  'bill_reminder_notices',
  {
    reminderId: integer('reminder_id')
      .notNull()
      .references(() => billReminders.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date').notNull(),
    channel: notificationChannelEnum('channel').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reminderId, table.occurrenceDate, table.channel] })],
);

// ——— Debts ———

/** A client's debt: what is owed now and how it is being paid (ADR 20). */
export const debts = pgTable(
  'debts',
  {
    id: serial('id').primaryKey(),
    ...clientOwnedColumns(),
    name: text('name').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    monthlyPaymentCents: bigint('monthly_payment_cents', { mode: 'number' }).notNull(),
    installmentsLeft: integer('installments_left'),
    /** Interest a month in ten-thousandths of a percent: 19_900 is 1,99 % a month, kept exact. */
    interestRateTenThousandths: integer('interest_rate_ten_thousandths').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('debts_client_index').on(table.clientUserId),
    check('debts_balance_check', sql`balance_cents > 0`),
    check('debts_monthly_payment_check', sql`monthly_payment_cents > 0`),
    check('debts_installments_left_check', sql`installments_left between 1 and 600`),
    check('debts_interest_rate_check', sql`interest_rate_ten_thousandths between 0 and 1000000`),
  ],
);

// ——— Other balances ———

/** What a client has outside imported accounts (a property, a car, cash, FGTS): its values over time (ADR 21). */
export const otherBalances = pgTable(
  'other_balances',
  {
    id: serial('id').primaryKey(),
    ...clientOwnedColumns(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('other_balances_client_index').on(table.clientUserId)],
);

/** One value of an other balance on a day; a second value on the same day replaces it. */
export const otherBalanceValues = pgTable(
  'other_balance_values',
  {
    id: serial('id').primaryKey(),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => otherBalances.id, { onDelete: 'cascade' }),
    ...clientOwnedColumns(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    date: date('date').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('other_balance_values_balance_date_unique').on(table.balanceId, table.date),
    index('other_balance_values_client_index').on(table.clientUserId),
    check('other_balance_values_balance_check', sql`balance_cents >= 0`),
  ],
);

// ——— Investments ———

// The contract's `investmentKinds`, written out: drizzle-kit reads this file without the workspace's packages.
export const investmentKindEnum = pgEnum('investment_kind', [
  'private-pension',
  'investment-funds',
  'fixed-income',
  'stocks',
  'coe',
  'pension',
]);

/** A fund held within an investment-funds investment, as `InvestmentFundSchema` checks it. */
export interface StoredInvestmentFund {
  name: string;
  cnpj: string;
}

/** A client's investment of one kind, with the fields its kind uses (ADR 22). */
export const investments = pgTable(
  'investments',
  {
    id: serial('id').primaryKey(),
    ...clientOwnedColumns(),
    kind: investmentKindEnum('kind').notNull(),
    name: text('name').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    grossBalanceCents: bigint('gross_balance_cents', { mode: 'number' }),
    monthlyContributionCents: bigint('monthly_contribution_cents', { mode: 'number' }),
    salaryCents: bigint('salary_cents', { mode: 'number' }),
    cnpj: varchar('cnpj', { length: 14 }),
    cnpb: varchar('cnpb', { length: 20 }),
    susepProcess: varchar('susep_process', { length: 25 }),
    /** Checked by zod on the way in and out (`InvestmentFundSchema`). */
    funds: jsonb('funds').$type<StoredInvestmentFund[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('investments_client_index').on(table.clientUserId),
    check('investments_balance_check', sql`balance_cents >= 0`),
    check('investments_gross_balance_check', sql`gross_balance_cents >= 0`),
    check('investments_monthly_contribution_check', sql`monthly_contribution_cents >= 0`),
    check('investments_salary_check', sql`salary_cents >= 0`),
  ],
);

/** An investment's balance on a day in Brazil: one point a day, the last change of the day kept. */
export const investmentValues = pgTable(
  'investment_values',
  {
    id: serial('id').primaryKey(),
    investmentId: integer('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    grossBalanceCents: bigint('gross_balance_cents', { mode: 'number' }),
  },
  (table) => [unique('investment_values_investment_date_unique').on(table.investmentId, table.date)],
);

// ——— Card bills ———

/**
 * A credit card's bill (fatura), one per card and due date (ADR 25). Its lines are the card's lines
 * whose cash date is the bill's due date; the row keeps what the lines cannot say: the closing date,
 * the amount when the client corrects it, and the payment that settled it.
 */
export const cardBills = pgTable(
  'card_bills',
  {
    id: serial('id').primaryKey(),
    ...clientOwnedColumns(),
    originId: integer('origin_id')
      .notNull()
      .references(() => origins.id, { onDelete: 'cascade' }),
    closingDate: date('closing_date').notNull(),
    dueDate: date('due_date').notNull(),
    correctedAmountCents: bigint('corrected_amount_cents', { mode: 'number' }),
    paidOn: date('paid_on'),
    /** The checking-account line that paid it, when one was matched (a line has no foreign key: see transactions). */
    paymentTransactionId: bigint('payment_transaction_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('card_bills_origin_due_date_unique').on(table.originId, table.dueDate),
    index('card_bills_client_index').on(table.clientUserId),
    check('card_bills_dates_check', sql`closing_date < due_date`),
    check('card_bills_corrected_amount_check', sql`corrected_amount_cents >= 0`),
  ],
);
