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
  pgSchema,
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
  'email_change',
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
  /** With the tryout flag: the last day of the trial; unset, the trial ends 30 days after creation (ADR 37). */
  trialEndsOn: date('trial_ends_on', { mode: 'string' }),
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
    /** Set when a manager deactivates the account: it cannot sign in and leaves the active lists (ADR 37). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
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
    /** Only on an `email_change` link: the address that becomes the user's when it is followed. */
    newEmail: text('new_email'),
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

/**
 * Challenge solutions and passes already used (their hashes), kept until they would have expired
 * anyway: a second use of the same one is refused, in every process on the database.
 */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    keyHash: text('key_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('spent_challenges_expires_index').on(table.expiresAt)],
);

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
    /**
     * The identity of the same payment from the other source (a statement file's line, or a bank
     * connection's), merged into this line: it is counted once, and that line stays known (ADR 44).
     */
    pairedIdentityKey: bigint('paired_identity_key', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('transactions_origin_identity_unique').on(table.originId, table.identityKey),
    uniqueIndex('transactions_origin_paired_identity_unique')
      .on(table.originId, table.pairedIdentityKey)
      .where(sql`paired_identity_key is not null`),
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
    // A file's new lines look for a bank connection's unpaired lines of the same days (ADR 44):
    // imported lines never enter this index, so it costs imports nothing.
    index('transactions_unpaired_open_finance_index')
      .on(table.originId, table.date)
      .where(sql`created_from = 'open_finance' and paired_identity_key is null`),
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
 * Each user's notifications version: bumped (triggers of migration 0042) in the transaction of every
 * write to their notifications, and when a client a notification names is renamed. The bell's page
 * is kept at it.
 */
export const notificationVersions = pgTable('notification_versions', {
  userId: integer('user_id')
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

/** `push` is a delivery channel only once a push sender exists (ADR 40); the settings screen offers what is sent. */
export const notificationChannelEnum = pgEnum('notification_channel', ['in_app', 'email', 'push']);
export const notificationTriggerEnum = pgEnum('notification_trigger', ['all', 'notices']);

/** A user's notices settings (channels, trigger); no row means the defaults (every channel, everything). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // Only the channels the settings screen offers; `push` joins when a push sender does (ADR 40).
  channels: notificationChannelEnum('channels').array().notNull().$type<('in_app' | 'email')[]>(),
  notificationTrigger: notificationTriggerEnum('notification_trigger').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
// ——— Notifications and live updates (issue 15) ———

/** `task`: a task given to the client; `notice`: everything else. The `notices` trigger keeps only notices. */
export const notificationKindEnum = pgEnum('notification_kind', ['task', 'notice']);
export const notificationDeliveryStatusEnum = pgEnum('notification_delivery_status', ['pending', 'sent', 'failed']);

/**
 * What the bell lists: one row per person told of an event. `event_key` names the event
 * (`task:123:assigned`), and the unique key makes raising it again — a retry, a second process —
 * add nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client the notification is about, when it is told to someone else (their planner). */
    clientUserId: integer('client_user_id').references(() => users.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    kind: notificationKindEnum('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where following it leads, a path inside the app (`/app/{org}/…`). */
    link: text('link'),
    insightId: integer('insight_id'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    additionalInfo: text('additional_info'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notifications_event_unique').on(table.userId, table.eventKey),
    index('notifications_user_index').on(table.userId, table.createdAt, table.id),
    // A client's rename reaches the bells that name them (the notification versions' trigger).
    index('notifications_client_index').on(table.clientUserId).where(sql`client_user_id is not null`),
  ],
);

/**
 * Each notification's sending on a channel other than the app (the row itself is the in-app one):
 * written with the notification, worked by the `notification-deliveries` job. The unique key and
 * the row lock taken while sending make a retry, or a second process, send nothing twice.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: notificationChannelEnum('channel').notNull(),
    status: notificationDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notification_deliveries_unique').on(table.notificationId, table.channel),
    index('notification_deliveries_due_index').on(table.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

/**
 * A short-lived, single-use ticket that opens the live stream (EventSource cannot send headers, and
 * the session key never goes in an address). Only its hash is kept; signing out removes it.
 */
export const liveTickets = pgTable('live_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  authTokenId: integer('auth_token_id')
    .notNull()
    .references(() => authTokens.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
    /**
     * The institution's own reference when a bank connection brings it (`{participant}:{id}`):
     * each sync updates the same investment, a reconnection to the institution included (ADR 44).
     */
    sourceKey: text('source_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('investments_client_index').on(table.clientUserId),
    uniqueIndex('investments_client_source_unique')
      .on(table.clientUserId, table.sourceKey)
      .where(sql`source_key is not null`),
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

// ——— Plans and the organization's financial configuration ———

// The domain's `planTypes`, `bankHolderTypes` and `bankAccountTypes`, written out: drizzle-kit reads
// this file without the workspace's packages.
export const planTypeEnum = pgEnum('plan_type', ['platform', 'service']);
export const bankHolderTypeEnum = pgEnum('bank_holder_type', ['individual', 'company']);
export const bankAccountTypeEnum = pgEnum('bank_account_type', ['checking', 'savings']);

/** A service a plan lists, as `ServiceSchema` checks it on the way in. */
export interface StoredPlanService {
  kind: 'planning' | 'advisory' | 'custom';
  name: string;
  period: number;
  description: string;
  fee: number;
}

/** A plan an organization offers its clients (ADR 28); its code follows from its type. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: planTypeEnum('type').notNull(),
    platformAmountCents: bigint('platform_amount_cents', { mode: 'number' }).notNull(),
    serviceAmountCents: bigint('service_amount_cents', { mode: 'number' }).notNull().default(0),
    recurrentAmountCents: bigint('recurrent_amount_cents', { mode: 'number' }).notNull().default(0),
    serviceMonths: smallint('service_months').notNull().default(0),
    /** The plan's public, unguessable name in links (payment/{hashed_id}, registration). */
    hashedId: varchar('hashed_id', { length: 32 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The day of the month it is charged; null: the day the client subscribed. */
    payday: smallint('payday'),
    services: jsonb('services').$type<StoredPlanService[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plans_hashed_id_unique').on(table.hashedId),
    index('plans_organization_index').on(table.organizationId),
    check('plans_platform_amount_check', sql`platform_amount_cents >= 0`),
    check('plans_service_amount_check', sql`service_amount_cents >= 0`),
    check('plans_recurrent_amount_check', sql`recurrent_amount_cents >= 0`),
    check('plans_service_months_check', sql`service_months between 0 and 99`),
    check('plans_payday_check', sql`payday between 1 and 28`),
  ],
);

/**
 * An account the card gateway pays the organization into, in the gateway's fields (ADR 28). One of
 * them, at most, is the default: the gateway recipient's `default_bank_account`.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    holderType: bankHolderTypeEnum('holder_type').notNull(),
    /** CPF (11 digits) for a person, CNPJ (14) for a company. */
    holderDocument: varchar('holder_document', { length: 14 }).notNull(),
    bank: varchar('bank', { length: 3 }).notNull(),
    branchNumber: varchar('branch_number', { length: 4 }).notNull(),
    branchCheckDigit: varchar('branch_check_digit', { length: 1 }),
    accountNumber: varchar('account_number', { length: 13 }).notNull(),
    accountCheckDigit: varchar('account_check_digit', { length: 2 }).notNull(),
    type: bankAccountTypeEnum('type').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_accounts_one_default').on(table.organizationId).where(sql`is_default`),
    uniqueIndex('bank_accounts_account_unique').on(
      table.organizationId,
      table.bank,
      table.branchNumber,
      table.accountNumber,
      table.accountCheckDigit,
    ),
  ],
);

/** A managing partner (sócio administrador) of the organization, as the gateway asks for them (ADR 28). */
export const managingPartners = pgTable(
  'managing_partners',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    cpf: varchar('cpf', { length: 11 }).notNull(),
    cnpj: varchar('cnpj', { length: 14 }),
    birthdate: date('birthdate').notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    street: text('street').notNull(),
    streetNumber: text('street_number').notNull(),
    complementary: text('complementary'),
    neighborhood: text('neighborhood').notNull(),
    city: text('city').notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zipcode: varchar('zipcode', { length: 8 }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('managing_partners_cpf_unique').on(table.organizationId, table.cpf)],
);

// ——— Payment errors ———

/**
 * Payment errors the web app reports (POST core/log), for support to read: what kind, the error,
 * and the request that failed, with every card number, security code and expiry already removed
 * (ADR 30). Kept 90 days (the daily cleanup).
 */
export const paymentErrorLogs = pgTable(
  'payment_error_logs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    error: jsonb('error').$type<unknown>(),
    request: jsonb('request').$type<unknown>(),
    createdAt: createdAt(),
  },
  (table) => [index('payment_error_logs_organization_index').on(table.organizationId, table.createdAt)],
);

// ——— Card gateway (ADR 29) ———

/**
 * The organization's card gateway: the embedded sandbox (keys created on first use) or Pagar.me.
 * The secret key is kept only encrypted (AES-256-GCM, lib/secret-box.ts) and never answered.
 */
export const paymentGatewaySettings = pgTable(
  'payment_gateway_settings',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    publicKey: text('public_key').notNull(),
    secretKeyCiphertext: text('secret_key_ciphertext').notNull(),
    /** The organization as the gateway's recipient (`rp_…`), once its bank data was sent; null until then and after a change of keys. */
    recipientId: text('recipient_id'),
    /** When the bank account and partners were last sent to the gateway. */
    recipientSyncedAt: timestamp('recipient_synced_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('payment_gateway_settings_provider_check', sql`${table.provider} in ('sandbox', 'pagarme')`)],
);

/**
 * A webhook event a gateway sent, kept once per its id: a repeat finds it and adds nothing. The
 * change it brings is applied by a job, which sets `processed_at`.
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: uuid('id').primaryKey(),
    provider: text('provider').notNull(),
    /** The gateway's own id (`hook_…`). */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The gateway account that sent it (`account.id`), when the event says. */
    accountId: text('account_id'),
    data: jsonb('data').notNull(),
    /** When the gateway says the event happened. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('gateway_events_provider_event_unique').on(table.provider, table.eventId)],
);

// ——— Subscriptions (ADR 31) ———

/**
 * A client as a customer of the organization's gateway: one per gateway account (`provider` and the
 * account's public key), since a customer id means nothing to another account.
 */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The gateway account's public key: the account the customer belongs to. */
    gatewayAccount: text('gateway_account').notNull(),
    /** The gateway's id (`cus_…`). */
    gatewayCustomerId: text('gateway_customer_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('gateway_customers_client_account_unique').on(table.clientUserId, table.provider, table.gatewayAccount),
  ],
);

/** A card a client saved with the gateway: the gateway's card id, brand, last four digits and expiry, never a number or CVV. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => gatewayCustomers.id, { onDelete: 'cascade' }),
    /** The gateway's id (`card_…`): what charges name. */
    gatewayCardId: text('gateway_card_id').notNull(),
    brand: text('brand').notNull(),
    lastFourDigits: varchar('last_four_digits', { length: 4 }).notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('saved_cards_gateway_card_unique').on(table.customerId, table.gatewayCardId),
    index('saved_cards_client_index').on(table.clientUserId),
    check('saved_cards_last_four_check', sql`last_four_digits ~ '^[0-9]{4}$'`),
  ],
);

/** The statuses of ADR 30's state machine. */
const subscriptionStatusCheck = sql`status in ('pending', 'processing', 'active', 'past_due', 'suspended', 'canceled', 'rejected', 'failed')`;

/**
 * A client's subscription to a plan, with the plan's amounts as proposed and the state machine's
 * snapshot (ADR 30). `ended_at` marks one that no longer counts (rejected, replaced by a new
 * proposal, or canceled and over): a client has at most one that has not ended.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    proposedByUserId: integer('proposed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied from the plan when proposed: a later change of the plan applies to new subscriptions. */
    planType: planTypeEnum('plan_type').notNull(),
    platformAmountCents: bigint('platform_amount_cents', { mode: 'number' }).notNull(),
    serviceAmountCents: bigint('service_amount_cents', { mode: 'number' }).notNull(),
    recurrentAmountCents: bigint('recurrent_amount_cents', { mode: 'number' }).notNull(),
    serviceMonths: smallint('service_months').notNull(),
    // The state machine's snapshot.
    status: text('status').notNull(),
    billing: text('billing').notNull(),
    payday: smallint('payday'),
    /** The charge row (subscription_charges.id) of the first payment still processing. */
    processingChargeId: integer('processing_charge_id'),
    /** The charge row that paid the current period. */
    periodChargeId: integer('period_charge_id'),
    lastPaymentDate: date('last_payment_date', { mode: 'string' }),
    nextPaymentDate: date('next_payment_date', { mode: 'string' }),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    accessEndsOn: date('access_ends_on', { mode: 'string' }),
    /** The charge the state machine scheduled (`schedule_charge`): made by the renewals job on `scheduled_on`. */
    scheduledDueDate: date('scheduled_due_date', { mode: 'string' }),
    scheduledAttempt: smallint('scheduled_attempt'),
    scheduledOn: date('scheduled_on', { mode: 'string' }),
    /** The card charged from now on. */
    cardId: integer('card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    /** Set while a person's payment (accept, reactivate) is being prepared: a second one waits its end. */
    paymentStartedAt: timestamp('payment_started_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('subscriptions_one_open_per_client').on(table.clientUserId).where(sql`ended_at is null`),
    index('subscriptions_organization_index').on(table.organizationId, table.createdAt),
    index('subscriptions_scheduled_index').on(table.scheduledOn).where(sql`scheduled_on is not null`),
    check('subscriptions_status_check', subscriptionStatusCheck),
    check('subscriptions_billing_check', sql`billing in ('free', 'card')`),
    check(
      'subscriptions_amounts_check',
      sql`platform_amount_cents >= 0 and service_amount_cents >= 0 and recurrent_amount_cents >= 0`,
    ),
  ],
);

/**
 * One charge of a subscription (the first payment, a renewal attempt, a reactivation). The row and
 * its idempotency key are committed before the gateway is called (`sending`), and updated with its
 * answer, so a crash in between is finished later by sending the same key again.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** `first`, `renewal` or `reactivation`. */
    kind: text('kind').notNull(),
    /** The period's due date it pays; the day it was made for a first or reactivation charge. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    attempt: smallint('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider').notNull(),
    gatewayChargeId: text('gateway_charge_id'),
    cardId: integer('card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** `sending` (committed, the gateway not answered yet), `processing`, `paid`, `failed`, `canceled`. */
    status: text('status').notNull(),
    /** The pt-BR reason it failed (translateGatewayError). */
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Money that pays for nothing goes back (the state machine's `refund_charge`): asked here, done after. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_charges_idempotency_key_unique').on(table.idempotencyKey),
    uniqueIndex('subscription_charges_gateway_charge_unique')
      .on(table.provider, table.gatewayChargeId)
      .where(sql`gateway_charge_id is not null`),
    index('subscription_charges_subscription_index').on(table.subscriptionId, table.createdAt),
    index('subscription_charges_unfinished_index')
      .on(table.updatedAt)
      .where(sql`status in ('sending', 'processing') or (refund_requested_at is not null and refunded_at is null)`),
    check('subscription_charges_kind_check', sql`kind in ('first', 'renewal', 'reactivation')`),
    check('subscription_charges_status_check', sql`status in ('sending', 'processing', 'paid', 'failed', 'canceled')`),
    check('subscription_charges_amount_check', sql`amount_cents >= 0`),
  ],
);

/**
 * The embedded sandbox gateway keeps its own data in its own schema, as an outside gateway would in
 * its own database: Prumo's tables never reference it, and it never references Prumo's.
 */
export const gatewaySandbox = pgSchema('gateway_sandbox');

/** An account of the sandbox: its public key (tokens) and the SHA-256 of its secret key (everything else). */
export const sandboxAccounts = gatewaySandbox.table('accounts', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull().unique(),
  secretKeyHash: text('secret_key_hash').notNull().unique(),
  /** Where its webhooks go; null: Prumo's own receiver (configuration). */
  webhookUrl: text('webhook_url'),
  createdAt: createdAt(),
});

/**
 * How a test card behaves when charged, read from its number at tokenization: the number itself is
 * never stored.
 */
export const sandboxCardOutcomeEnum = gatewaySandbox.enum('card_outcome', [
  'paid',
  'not_authorized',
  'processing_then_paid',
  'processing_then_failed',
]);

const sandboxCardColumns = () => ({
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
  firstSixDigits: text('first_six_digits').notNull(),
  lastFourDigits: text('last_four_digits').notNull(),
  brand: text('brand').notNull(),
  holderName: text('holder_name').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  outcome: sandboxCardOutcomeEnum('outcome').notNull(),
  /** The CVV started with 6 (refused by the issuer): decided at tokenization, the CVV is never stored. */
  cvvRefused: boolean('cvv_refused').notNull(),
});

/** A single-use card token, valid for 60 seconds. */
export const sandboxTokens = gatewaySandbox.table(
  'tokens',
  {
    id: text('id').primaryKey(),
    ...sandboxCardColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_tokens_expires_index').on(table.expiresAt)],
);

export const sandboxCustomers = gatewaySandbox.table(
  'customers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    code: text('code'),
    name: text('name').notNull(),
    email: text('email'),
    document: text('document'),
    documentType: text('document_type'),
    type: text('type').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_customers_account_index').on(table.accountId)],
);

/**
 * A recipient of a sandbox account: where its money would be transferred (the default bank account)
 * and, for a company, its register information with the managing partners, as Pagar.me keeps them.
 */
export const sandboxRecipients = gatewaySandbox.table(
  'recipients',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    code: text('code'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    document: text('document').notNull(),
    type: text('type').notNull(),
    defaultBankAccount: jsonb('default_bank_account').notNull(),
    registerInformation: jsonb('register_information'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_recipients_account_index').on(table.accountId)],
);

export const sandboxCards = gatewaySandbox.table(
  'cards',
  {
    id: text('id').primaryKey(),
    ...sandboxCardColumns(),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
    billingAddress: jsonb('billing_address'),
    /** active, or deleted (a deleted card is still read, as Pagar.me does, but never charged). */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_cards_customer_index').on(table.customerId)],
);

/** An order with its one credit-card charge (Prumo's charges are single-payment orders). */
export const sandboxOrders = gatewaySandbox.table(
  'orders',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
    code: text('code'),
    items: jsonb('items').notNull(),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_orders_account_index').on(table.accountId)],
);

export const sandboxCharges = gatewaySandbox.table(
  'charges',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxOrders.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
    cardId: text('card_id')
      .notNull()
      .references(() => sandboxCards.id, { onDelete: 'cascade' }),
    code: text('code'),
    amount: integer('amount').notNull(),
    /** processing, paid, failed or canceled. */
    status: text('status').notNull(),
    /** What a processing charge becomes when the settle job runs. */
    settlesTo: text('settles_to'),
    transactionId: text('transaction_id').notNull(),
    transactionStatus: text('transaction_status').notNull(),
    acquirerMessage: text('acquirer_message').notNull(),
    acquirerReturnCode: text('acquirer_return_code').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_charges_order_index').on(table.orderId)],
);

/** The order an `idempotency-key` made: the same key again answers that order and makes none. */
export const sandboxIdempotencyKeys = gatewaySandbox.table(
  'idempotency_keys',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxOrders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.key] })],
);

/** A webhook to send, with the exact body its signature covers; delivered once a receiver answered 2xx. */
export const sandboxWebhookDeliveries = gatewaySandbox.table('webhook_deliveries', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  body: text('body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastResponseStatus: integer('last_response_status'),
  createdAt: createdAt(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});

/** The sandbox's webhook signing keys (RS256): the public half is its JWKS, the private half is kept encrypted. */
export const sandboxSigningKeys = gatewaySandbox.table('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateKeyCiphertext: text('private_key_ciphertext').notNull(),
  createdAt: createdAt(),
});

// ——— Planner's and manager's desks (issue 14) ———

/**
 * A planner's standing with a client (ADR 33): `ativo`, `em_pausa` or `encerrado`. A client with no
 * row is `ativo`; the row says who set it last and when.
 */
export const clientStatuses = pgTable(
  'client_statuses',
  {
    clientUserId: integer('client_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('client_statuses_status_check', sql`status in ('ativo', 'em_pausa', 'encerrado')`)],
);

/**
 * Who opened a client's data, when and what (ADR 34, LGPD). Append-only: a trigger (migration
 * 0030) refuses every UPDATE and DELETE a statement asks for; only the cascades of deleting the
 * organization or a person pass. The adviser's name and role are kept as they were, so the client
 * still reads who it was after that person's account is gone.
 */
export const clientAccessLog = pgTable(
  'client_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerUserId: integer('viewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    viewerName: text('viewer_name').notNull(),
    viewerRole: text('viewer_role').notNull(),
    action: text('action').notNull(),
    /** What was opened, in words (a file's name, an export's period); null for the client's view. */
    subject: text('subject'),
    createdAt: createdAt(),
  },
  (table) => [
    index('client_access_log_client_index').on(table.clientUserId, table.createdAt.desc(), table.id.desc()),
    check('client_access_log_action_check', sql`action in ('client_view', 'file_download', 'cash_flow_export')`),
    check('client_access_log_role_check', sql`viewer_role in ('planner', 'manager')`),
  ],
);

// ——— Prospects (issue 14, ADR 35) ———

export const prospectStageEnum = pgEnum('prospect_stage', ['novo', 'diagnostico', 'proposta', 'convertido', 'perdido']);

/** A person a planner is courting: theirs alone (a manager reads the organization's) until they register as a client. */
export const prospects = pgTable(
  'prospects',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    plannerUserId: integer('planner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    stage: prospectStageEnum('stage').notNull().default('novo'),
    /** The client invitation sent to the prospect: the registration through it converts them. */
    invitationId: integer('invitation_id').references(() => invitations.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The client the prospect became, once registered through the invitation. */
    clientUserId: integer('client_user_id').references(() => users.id, { onDelete: 'set null' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('prospects_organization_planner_index').on(table.organizationId, table.plannerUserId, table.createdAt),
    uniqueIndex('prospects_invitation_unique').on(table.invitationId),
  ],
);

/** A single-use link a prospect opens to send their statements themselves; only the token's SHA-256 is kept. */
export const prospectUploadLinks = pgTable(
  'prospect_upload_links',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('prospect_upload_links_token_unique').on(table.tokenHash)],
);

/** A statement a prospect's bundle holds (the original is not kept: the lines are what a diagnosis needs). */
export const prospectFiles = pgTable(
  'prospect_files',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    readStatus: text('read_status').notNull(),
    readWarning: text('read_warning'),
    transactionsRead: integer('transactions_read').notNull().default(0),
    transactionsAdded: integer('transactions_added').notNull().default(0),
    skippedRows: jsonb('skipped_rows')
      .$type<{ reason: string; text: string; date?: string | null; amountCents?: number | null }[]>()
      .notNull()
      .default([]),
    /** Who sent it: the planner, or the prospect through an upload link. */
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('prospect_files_prospect_index').on(table.prospectId, table.createdAt)],
);

/** An account or card a prospect's statements brought, identified as a client's origin is. */
export const prospectAccounts = pgTable(
  'prospect_accounts',
  {
    id: serial('id').primaryKey(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    kind: originKindEnum('kind').notNull(),
    bankCode: text('bank_code').notNull().default(''),
    branch: text('branch').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    balanceCents: bigint('balance_cents', { mode: 'number' }),
    balanceDate: date('balance_date'),
  },
  (table) => [
    uniqueIndex('prospect_accounts_identity_unique').on(
      table.prospectId,
      table.kind,
      table.bankCode,
      table.branch,
      table.accountNumber,
    ),
  ],
);

/**
 * A prospect's statement line, categorized as an import would; on conversion it is copied to the
 * client's `transactions` with the same identity, so the statements need no second import.
 */
export const prospectLines = pgTable(
  'prospect_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => prospectAccounts.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => prospectFiles.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    merchantKey: text('merchant_key').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    descriptionId: integer('description_id').references(() => descriptions.id, { onDelete: 'set null' }),
    categorizedBy: categorizedByEnum('categorized_by'),
    isAssetTransfer: boolean('is_asset_transfer').notNull().default(false),
    identityKey: bigint('identity_key', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    uniqueIndex('prospect_lines_account_identity_unique').on(table.accountId, table.identityKey),
    index('prospect_lines_prospect_index').on(table.prospectId, table.date),
  ],
);

// ——— Chats ———

/** Who wrote a message of the client chat: the client, or their planner answering. */
export const chatAuthorEnum = pgEnum('chat_author', ['client', 'planner']);

/** The client chat: the conversation between a client and their planner, one thread per client. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...clientOwnedColumns(),
    author: chatAuthorEnum('author').notNull(),
    /** The user who wrote it (the client, or the planner at the time). */
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_messages_client_index').on(table.clientUserId, table.id),
    check('chat_messages_body_check', sql`length(body) between 1 and 2000`),
  ],
);

/** The planner chat: each question a planner asked Prumo's assistant and the answer it gave. */
export const plannerChatMessages = pgTable(
  'planner_chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    plannerUserId: integer('planner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    questionAt: timestamp('question_at', { withTimezone: true }).notNull(),
    response: text('response').notNull(),
    responseAt: timestamp('response_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('planner_chat_messages_planner_index').on(table.plannerUserId, table.id),
    check('planner_chat_messages_question_check', sql`length(question) between 1 and 2000`),
  ],
);

// ——— Insights ———

/**
 * What the insight rules found in a client's money (ADR 41), each with the figures it rests on
 * (`evidence`) and the window it belongs to: the unique key (client, rule, window) keeps a rule
 * from raising the same insight twice, however often the job runs or races another process.
 */
export const insights = pgTable(
  'insights',
  {
    id: serial('id').primaryKey(),
    ...clientOwnedColumns(),
    rule: text('rule').notNull(),
    /** What makes it the same insight on a later run: the month, or the month and the merchant or category. */
    windowKey: text('window_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The web route that shows the figures (the route table's name) and the month it opens on. */
    link: jsonb('link').notNull(),
    evidence: jsonb('evidence').notNull(),
    /** Read by the client. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Read by a planner or manager of the client: their bell's mark, apart from the client's. */
    advisorReadAt: timestamp('advisor_read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('insights_client_rule_window_unique').on(table.clientUserId, table.rule, table.windowKey),
    index('insights_client_created_index').on(table.clientUserId, table.createdAt),
  ],
);

/** The balance below which a client wants to hear of a projected low point (ADR 41); none: below zero. */
export const insightSettings = pgTable('insight_settings', {
  clientUserId: integer('client_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  lowBalanceThresholdCents: bigint('low_balance_threshold_cents', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ——— Help desk, guided tour and push notifications (issue 15) ———

/**
 * An organization's own guide to downloading a bank's statement (the 'Alerta de integração'
 * dialog), replacing the one Prumo ships: steps of `{text, image}`, image an upload or empty.
 */
export const bankGuides = pgTable(
  'bank_guides',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    steps: jsonb('steps').$type<{ text: string; image: string }[]>().notNull(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.bankCode] })],
);

/**
 * An organization's own version of a screen's help article (Prumo ships one per screen as Markdown
 * in the repository): its text and, optionally, a video from a privacy-friendly host.
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The screen's name in the route table. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    videoSource: text('video_source'),
    videoDescription: text('video_description').notNull().default(''),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('help_articles_organization_slug_unique').on(table.organizationId, table.slug)],
);

/** 'Não exibir novamente': the help videos a user asked not to open by themselves again. */
export const helpPreferences = pgTable(
  'help_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleSlug: text('article_slug').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.articleSlug] })],
);

/** How far a user went in their first-sign-in tour; no row: never started. */
export const tourProgress = pgTable('tour_progress', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: integer('step').notNull().default(0),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pushTokenKindEnum = pgEnum('push_token_kind', ['web_push', 'fcm']);

/**
 * One row per device: a Web Push subscription (its JSON) or an FCM registration token. A token is
 * unique: registered again by another user, it moves to them (the device changed hands).
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that registered the device: signing out, or the session's end, removes it. */
    authTokenId: integer('auth_token_id')
      .notNull()
      .references(() => authTokens.id, { onDelete: 'cascade' }),
    kind: pushTokenKindEnum('kind').notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_tokens_token_unique').on(table.token),
    index('push_tokens_user_index').on(table.userId),
    index('push_tokens_auth_token_index').on(table.authTokenId),
  ],
);

/**
 * The instance's VAPID key pair for Web Push, made at first use. Kept in the database so every
 * process on it signs with the same key (subscriptions are bound to the public key); the private
 * key is sealed with the secret box.
 */
export const pushVapidKeys = pgTable('push_vapid_keys', {
  id: smallint('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  privateKeyCiphertext: text('private_key_ciphertext').notNull(),
  createdAt: createdAt(),
});

/**
 * An organization's own Firebase project (ADR 48): the FCM tokens of its users are sent through it.
 * No row: the instance's FIREBASE_SERVICE_ACCOUNT, if any. The whole service account's JSON is
 * sealed for its organization; the project and e-mail are kept apart to show managers.
 */
export const pushSettings = pgTable('push_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  projectId: text('project_id').notNull(),
  clientEmail: text('client_email').notNull(),
  serviceAccountCiphertext: text('service_account_ciphertext').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ——— Open banking (ADR 44) ———

/**
 * The aggregator an organization configured under an integration's name (ADR 47): Pluggy for
 * Open Finance ('quanto'), Belvo for its widget ('belvo'). No row: the simulated institution. The
 * secret is sealed with the secret box for its row and never answered or logged.
 */
export const openFinanceSettings = pgTable(
  'open_finance_settings',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    integration: text('integration').notNull(),
    provider: text('provider').notNull(),
    clientId: text('client_id').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    /**
     * The Authorization header the provider must send with the organization's webhooks: random,
     * sealed like the secret, made with the keys and replaced on request (rows from before it have none).
     */
    webhookSecretCiphertext: text('webhook_secret_ciphertext'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.integration] }),
    check(
      'open_finance_settings_provider_check',
      sql`(${table.integration} = 'quanto' and ${table.provider} = 'pluggy') or (${table.integration} = 'belvo' and ${table.provider} = 'belvo')`,
    ),
  ],
);

/** The client's registration with an Open Finance connector, made by `users/session/`. */
export const openBankingSessions = pgTable(
  'open_banking_sessions',
  {
    id: serial('id').primaryKey(),
    ...clientOwnedColumns(),
    provider: text('provider').notNull(),
    /** The integration it was started under ('quanto' for Open Finance, 'bs2'): one session each. */
    connector: text('connector').notNull().default('quanto'),
    /** The connector's name for the person (the simulated institution's customer reference). */
    externalUserId: text('external_user_id').notNull(),
    platform: text('platform').notNull(),
    os: text('os').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('open_banking_sessions_client_connector_unique').on(table.clientUserId, table.connector)],
);

export const openBankingConnectionStatusEnum = pgEnum('open_banking_connection_status', [
  'awaiting_consent',
  'active',
  'expired',
  'revoked',
  'refused',
  'failed',
]);

/**
 * A client's consent at one institution. While it waits for the bank, `state_hash` holds the
 * SHA-256 of the one-time `state` sent to the bank, bound to the session that started it; the
 * provider's access token is sealed with the secret box and never answered or logged.
 */
export const openBankingConnections = pgTable(
  'open_banking_connections',
  {
    id: serial('id').primaryKey(),
    ...clientOwnedColumns(),
    provider: text('provider').notNull(),
    /**
     * The aggregator's key id the connection was made with (null for the simulated institution, and
     * rows from before it was kept): keys of another account of the same aggregator cannot read it.
     */
    providerKeyId: text('provider_key_id'),
    /** The integration whose institution it is: it syncs and returns (callback-opb, bs2-callback) through it. */
    connector: text('connector').notNull().default('quanto'),
    participantId: text('participant_id').notNull(),
    institutionName: text('institution_name').notNull(),
    /** The institution's COMPE code when its directory names one: the statement guide a failed connection offers. */
    bankCode: text('bank_code'),
    logoUri: text('logo_uri'),
    permissions: text('permissions').array().notNull(),
    consentMonths: smallint('consent_months').notNull(),
    status: openBankingConnectionStatusEnum('status').notNull().default('awaiting_consent'),
    externalConsentId: text('external_consent_id').notNull(),
    accessTokenCiphertext: text('access_token_ciphertext'),
    stateHash: text('state_hash'),
    stateAuthTokenId: integer('state_auth_token_id').references(() => authTokens.id, { onDelete: 'set null' }),
    stateExpiresAt: timestamp('state_expires_at', { withTimezone: true }),
    startedByUserId: integer('started_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    consentExpiresAt: timestamp('consent_expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** idle, waiting (queued), running, failed (the provider's error kept in `sync_error`). */
    syncStatus: text('sync_status').notNull().default('idle'),
    syncError: text('sync_error'),
    /** When the running sync began: a run that died (a process stopped mid-sync) is taken over later. */
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
  },
  (table) => [
    index('open_banking_connections_client_index').on(table.clientUserId),
    uniqueIndex('open_banking_connections_state_unique').on(table.stateHash),
    check('open_banking_connections_months_check', sql`consent_months in (3, 6, 9, 12)`),
    check('open_banking_connections_sync_status_check', sql`sync_status in ('idle', 'waiting', 'running', 'failed')`),
  ],
);

/**
 * An account or card a connection shares, tied to the client's account of the same identity (bank,
 * branch, number, kind): a reconnection, or a statement file of it, finds the same one (ADR 44).
 */
export const openBankingAccounts = pgTable(
  'open_banking_accounts',
  {
    id: serial('id').primaryKey(),
    ...clientOwnedColumns(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => openBankingConnections.id, { onDelete: 'cascade' }),
    externalAccountId: text('external_account_id').notNull(),
    originId: integer('origin_id')
      .notNull()
      .references(() => origins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** What the institution reported at the last sync (a card's: its open amount, negative when owed). */
    balanceCents: bigint('balance_cents', { mode: 'number' }),
    /** The last day fully synced: the next sync reads again from a few days before it. */
    syncedThrough: date('synced_through'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('open_banking_accounts_external_unique').on(table.connectionId, table.externalAccountId),
    index('open_banking_accounts_origin_index').on(table.originId),
  ],
);

/**
 * Lines the institution reports as pending: shown apart and never counted; each sync replaces
 * them, and a pending line's booked version arrives as an ordinary line.
 */
export const openBankingPendingLines = pgTable(
  'open_banking_pending_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...clientOwnedColumns(),
    accountId: integer('account_id')
      .notNull()
      .references(() => openBankingAccounts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    date: date('date').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
  },
  (table) => [index('open_banking_pending_lines_account_index').on(table.accountId)],
);

/**
 * The embedded simulated Open Finance institution keeps its data in its own schema, as a bank
 * would in its own systems: Prumo's tables never reference it, and it never references Prumo's.
 */
export const openFinanceSimulator = pgSchema('open_finance_simulator');

/**
 * A consent request at the simulated institution: its login, one-time code and review steps, the
 * authorization code handed back once, and the access token (their SHA-256 only).
 */
export const simulatorConsents = openFinanceSimulator.table(
  'consents',
  {
    id: text('id').primaryKey(),
    participantId: text('participant_id').notNull(),
    permissions: text('permissions').array().notNull(),
    months: smallint('months').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    state: text('state').notNull(),
    /** AWAITING_AUTHORISATION, AUTHORISED, REJECTED, CONSUMED (code exchanged) or REVOKED. */
    status: text('status').notNull(),
    /** Where the person is at the bank: login, code or review. */
    step: text('step').notNull(),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    authorizationCodeHash: text('authorization_code_hash'),
    authorizationCodeExpiresAt: timestamp('authorization_code_expires_at', { withTimezone: true }),
    accessTokenHash: text('access_token_hash'),
    customer: text('customer'),
    /**
     * Set when the request came through the widget flow (an aggregator's hosted widget): the bank
     * then returns a link instead of a code, and the link carries this id back to Prumo.
     */
    externalId: text('external_id'),
    /**
     * The link the widget flow returns once authorised: random and apart from the request's id,
     * which the bank's pages carried in their address.
     */
    linkId: text('link_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('simulator_consents_link_unique').on(table.linkId),
    uniqueIndex('simulator_consents_code_unique').on(table.authorizationCodeHash),
    uniqueIndex('simulator_consents_token_unique').on(table.accessTokenHash),
  ],
);
