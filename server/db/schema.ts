import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  ENGAGEMENT_KINDS,
  LOOKBEHIND_KINDS,
  MATCH_STATUSES,
  MEMBERSHIP_ROLES,
  PAYMENT_ONBOARDING_STATES,
  PAYMENT_PROVIDERS,
  ROBOT_JOB_NAMES,
  ROBOT_JOB_STATUSES,
  ROBOT_LOG_LEVELS,
  TASK_STATUSES,
} from './enums';
import { STORED_MEMBER_LISTS } from '../../rules/memberLists';
import { SUBSCRIBED_PLANS } from '../../rules/plans';
import {
  DEFAULT_GROUP_FLAGS,
  DEFAULT_GROUP_SCHEDULE,
  DEFAULT_GROUP_SETTINGS,
  DEFAULT_USER_FLAGS,
  GROUP_LIMITS_BY_PLAN,
} from './group-defaults';
import type {
  AuditLogData,
  GroupFlags,
  GroupLimits,
  GroupSchedule,
  GroupSettings,
  UserFlags,
  UserSettings,
} from './json-types';

/** Column names are the spec's field names, so rows map onto API objects without renaming. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const optionalTimestamp = (name: string) => timestamp(name, { withTimezone: true });

function oneOf(name: string, column: AnyPgColumn | SQL, values: readonly string[]) {
  const list = values.map((value) => `'${value}'`).join(', ');
  return check(name, sql`${column} IN (${sql.raw(list)})`);
}

function between(name: string, column: AnyPgColumn | SQL, low: number, high: number) {
  return check(name, sql`${column} BETWEEN ${sql.raw(String(low))} AND ${sql.raw(String(high))}`);
}

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    fb_auth_user_id: text(),
    fb_user_id: text().unique(),
    fb_username: text(),
    email: text(),
    first_name: text(),
    last_name: text(),
    name: text().notNull(),
    avatar_url: text(),
    is_supervisor: boolean().notNull().default(false),
    is_banned: boolean().notNull().default(false),
    card_exists: boolean().notNull().default(false),
    card_brand: text(),
    card_last4: text(),
    stripe_customer_id: text(),
    tapfiliate_id: text(),
    tapfiliate_password: text(),
    friendfilter_id: text(),
    flags: jsonb().$type<UserFlags>().notNull().default(DEFAULT_USER_FLAGS),
    settings: jsonb().$type<UserSettings>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_idx').on(t.email),
    index('users_name_idx').on(t.name, t.id),
    index('users_created_idx').on(t.created_at),
  ],
);

/** API tokens. Only the sha256 hex of a token is stored; the raw token is shown once. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text().notNull().unique(),
    impersonator_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    ip: text(),
    created_at: createdAt(),
    last_used_at: optionalTimestamp('last_used_at'),
    revoked_at: optionalTimestamp('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const groups = pgTable(
  'groups',
  {
    id: serial().primaryKey(),
    fb_group_id: text().notNull().unique(),
    fb_slug: text(),
    name: text().notNull(),
    avatar_url: text(),
    subscribed_plan: text({ enum: SUBSCRIBED_PLANS }).notNull().default('free'),
    subscription_status: text(),
    subscribed_from_at: optionalTimestamp('subscribed_from_at'),
    subscription_ends_at: optionalTimestamp('subscription_ends_at'),
    trial_ends_at: optionalTimestamp('trial_ends_at'),
    stripe_subscription_id: text(),
    is_locked: boolean().notNull().default(false),
    is_orphaned: boolean().notNull().default(false),
    is_manual_subscription: boolean().notNull().default(false),
    data_removal_at: optionalTimestamp('data_removal_at'),
    flags: jsonb().$type<GroupFlags>().notNull().default(DEFAULT_GROUP_FLAGS),
    settings: jsonb().$type<GroupSettings>().notNull().default(DEFAULT_GROUP_SETTINGS),
    limits: jsonb().$type<GroupLimits>().notNull().default(GROUP_LIMITS_BY_PLAN.free),
    schedule: jsonb().$type<GroupSchedule>().notNull().default(DEFAULT_GROUP_SCHEDULE),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    oneOf('groups_subscribed_plan_check', t.subscribed_plan, SUBSCRIBED_PLANS),
    oneOf(
      'groups_lookbehind_check',
      sql`(${t.settings} ->> 'engagement_sync_lookbehind_by')`,
      LOOKBEHIND_KINDS,
    ),
    index('groups_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('groups_subscribed_plan_idx').on(t.subscribed_plan),
    index('groups_name_idx').on(t.name, t.id),
    index('groups_created_idx').on(t.created_at),
  ],
);

/** A person on the social network, shared by every group they are in. */
export const members = pgTable(
  'members',
  {
    id: serial().primaryKey(),
    fb_user_id: text().notNull().unique(),
    fb_username: text(),
    name: text().notNull(),
    avatar_url: text(),
    bio: text(),
    is_banned: boolean().notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('members_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('members_username_trgm_idx').using('gin', t.fb_username.op('gin_trgm_ops')),
    index('members_name_idx').on(t.name, t.id),
  ],
);

/**
 * A member in a group. `role` is the role on the social network (scanned, or set by a grant);
 * `is_admin_holder` marks the admins who hold the group in the product (the one who acquired
 * it, and those granted by a holder). A user holds a group through the member that shares
 * their fb_user_id.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial().primaryKey(),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    member_id: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Copy of members.name so a group's lists sort and search on one table's indexes. */
    member_name: text().notNull(),
    /**
     * Copy of members.fb_username, so a group's search reads the group's memberships only. Kept by
     * triggers (migration 0013_member_search): filled in on insert, and followed when the username changes.
     */
    member_username: text(),
    role: text({ enum: MEMBERSHIP_ROLES }).notNull().default('subscriber'),
    is_admin_holder: boolean().notNull().default(false),
    granted_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    granted_at: optionalTimestamp('granted_at'),
    is_removed: boolean().notNull().default(false),
    is_whitelisted: boolean().notNull().default(false),
    removed_at: optionalTimestamp('removed_at'),
    last_activity_at: optionalTimestamp('last_activity_at'),
    posts_count: integer().notNull().default(0),
    comments_count: integer().notNull().default(0),
    reactions_count: integer().notNull().default(0),
    paid: integer(),
    subscription: text(),
    subscription_status: text(),
    list: text({ enum: STORED_MEMBER_LISTS })
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN is_removed THEN 'removed' WHEN is_whitelisted THEN 'whitelisted' WHEN posts_count + comments_count + reactions_count > 0 THEN 'active' ELSE 'inactive' END`,
      ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('memberships_group_member_unique').on(t.group_id, t.member_id),
    oneOf('memberships_role_check', t.role, MEMBERSHIP_ROLES),
    check('memberships_holder_is_admin_check', sql`NOT ${t.is_admin_holder} OR ${t.role} = 'admin'`),
    index('memberships_member_idx').on(t.member_id),
    index('memberships_group_role_idx').on(t.group_id, t.role),
    index('memberships_list_name_idx').on(t.group_id, t.list, t.member_name, t.id),
    index('memberships_list_posts_idx').on(t.group_id, t.list, t.posts_count, t.id),
    index('memberships_list_reactions_idx').on(t.group_id, t.list, t.reactions_count, t.id),
    index('memberships_list_comments_idx').on(t.group_id, t.list, t.comments_count, t.id),
    index('memberships_list_last_activity_idx').on(t.group_id, t.list, t.last_activity_at, t.id),
    index('memberships_list_created_idx').on(t.group_id, t.list, t.created_at, t.id),
    index('memberships_list_paid_idx').on(t.group_id, t.list, t.paid, t.id),
    index('memberships_list_subscription_status_idx').on(t.group_id, t.list, t.subscription_status, t.id),
    // The payment account's matching finds name candidates with `member_name % name` on this index.
    index('memberships_name_trgm_idx').using('gin', t.member_name.op('gin_trgm_ops')),
    // The members search matches the name or the username's copy: one trigram index each.
    index('memberships_username_trgm_idx').using('gin', t.member_username.op('gin_trgm_ops')),
  ],
);

/**
 * Members per list of each group, so a list screen reads its counts instead of counting a large
 * group on every page. Kept by statement triggers on memberships (migration
 * 0004_member_list_counts); no foreign key, because a group's deletion removes its memberships,
 * whose trigger then brings these rows to zero.
 */
export const member_list_counts = pgTable(
  'member_list_counts',
  {
    group_id: integer().notNull(),
    list: text({ enum: STORED_MEMBER_LISTS }).notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.group_id, t.list] })],
);

/**
 * The groups the robot found a user in (POST /robot/user_groups), as the user reported them: their
 * own word, kept apart from the groups' member lists, which only a group's holders' scans write
 * when someone holds the group. It lets them ask who holds a group they reported.
 */
export const reported_groups = pgTable(
  'reported_groups',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    role: text({ enum: MEMBERSHIP_ROLES }).notNull(),
    reported_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'reported_groups_pk', columns: [t.user_id, t.group_id] }),
    oneOf('reported_groups_role_check', t.role, MEMBERSHIP_ROLES),
    index('reported_groups_group_idx').on(t.group_id),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: serial().primaryKey(),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    member_id: integer().references(() => members.id, { onDelete: 'set null' }),
    fb_post_id: text().notNull(),
    posted_at: timestamp({ withTimezone: true }).notNull(),
    text: text(),
    picture: text(),
    member_name: text(),
    comments_count: integer().notNull().default(0),
    reactions_count: integer().notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('posts_group_fb_post_unique').on(t.group_id, t.fb_post_id),
    index('posts_group_posted_at_idx').on(t.group_id, t.posted_at.desc()),
    index('posts_group_member_idx').on(t.group_id, t.member_id),
    index('posts_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops')),
    index('posts_posted_at_idx').on(t.posted_at.desc(), t.id.desc()),
    index('posts_member_posted_at_idx').on(t.member_id, t.posted_at.desc()),
  ],
);

export const engagements = pgTable(
  'engagements',
  {
    id: serial().primaryKey(),
    post_id: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    member_id: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text({ enum: ENGAGEMENT_KINDS }).notNull(),
    fb_engagement_id: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    unique('engagements_group_fb_engagement_unique').on(t.group_id, t.fb_engagement_id),
    oneOf('engagements_kind_check', t.kind, ENGAGEMENT_KINDS),
    index('engagements_post_idx').on(t.post_id),
    index('engagements_group_member_idx').on(t.group_id, t.member_id),
    index('engagements_group_created_idx').on(t.group_id, t.created_at),
  ],
);

export const audit_logs = pgTable(
  'audit_logs',
  {
    id: serial().primaryKey(),
    group_id: integer().references(() => groups.id, { onDelete: 'cascade' }),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The supervisor who made the change through a session switched into user_id (docs/CONVENTIONS.md). */
    switched_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    member_id: integer().references(() => members.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    data: jsonb().$type<AuditLogData>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_logs_group_created_idx').on(t.group_id, t.created_at.desc()),
    index('audit_logs_group_kind_idx').on(t.group_id, t.kind),
    index('audit_logs_group_member_idx').on(t.group_id, t.member_id),
    index('audit_logs_user_created_idx').on(t.user_id, t.created_at.desc()),
    index('audit_logs_created_idx').on(t.created_at.desc()),
    index('audit_logs_kind_created_idx').on(t.kind, t.created_at.desc()),
    // Few rows have one; a supervisor's removal finds theirs through it.
    index('audit_logs_switched_by_idx').on(t.switched_by_user_id).where(sql`${t.switched_by_user_id} IS NOT NULL`),
  ],
);

/** Removals per group and day; daily, weekly and free-plan totals are sums over it. */
export const removal_counters = pgTable(
  'removal_counters',
  {
    id: serial().primaryKey(),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [unique('removal_counters_group_day_unique').on(t.group_id, t.day), check('removal_counters_count_check', sql`${t.count} >= 0`)],
);

export const payment_accounts = pgTable(
  'payment_accounts',
  {
    id: serial().primaryKey(),
    group_id: integer()
      .notNull()
      .unique()
      .references(() => groups.id, { onDelete: 'cascade' }),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull().default('stripe'),
    company_name: text(),
    onboarding: text({ enum: PAYMENT_ONBOARDING_STATES }),
    external_account_id: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    oneOf('payment_accounts_provider_check', t.provider, PAYMENT_PROVIDERS),
    oneOf('payment_accounts_onboarding_check', t.onboarding, PAYMENT_ONBOARDING_STATES),
  ],
);

/** A customer of a group's payment account. */
export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    account_id: integer()
      .notNull()
      .references(() => payment_accounts.id, { onDelete: 'cascade' }),
    external_id: text().notNull(),
    name: text(),
    email: text(),
    paid: integer().notNull().default(0),
    subscription: text(),
    /** Unix seconds, as the payment provider reports it. */
    subscription_created: integer(),
    subscription_status: text(),
    member_id: integer().references(() => members.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('customers_account_external_unique').on(t.account_id, t.external_id),
    index('customers_account_member_idx').on(t.account_id, t.member_id),
    index('customers_account_name_idx').on(t.account_id, t.name),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: serial().primaryKey(),
    account_id: integer()
      .notNull()
      .references(() => payment_accounts.id, { onDelete: 'cascade' }),
    customer_id: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    member_id: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    score: real().notNull(),
    /** Why it matched, as the review shows it: 'same email', 'name 92% similar'. */
    reason: text().notNull().default(''),
    status: text({ enum: MATCH_STATUSES }).notNull().default('suggested'),
    requires_attention: boolean().notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('matches_account_customer_member_unique').on(t.account_id, t.customer_id, t.member_id),
    oneOf('matches_status_check', t.status, MATCH_STATUSES),
    between('matches_score_check', t.score, 0, 1),
    index('matches_account_status_idx').on(t.account_id, t.status, t.score),
    index('matches_customer_idx').on(t.customer_id),
    index('matches_member_idx').on(t.member_id),
  ],
);

/** Durable background tasks, claimed with FOR UPDATE SKIP LOCKED. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    group_id: integer().references(() => groups.id, { onDelete: 'cascade' }),
    status: text({ enum: TASK_STATUSES }).notNull().default('pending'),
    /** How many times a worker has claimed it (a retry after a failure claims it again). */
    attempts: integer().notNull().default(0),
    progress: integer().notNull().default(0),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    error: text(),
    start_timestamp: optionalTimestamp('start_timestamp'),
    locked_at: optionalTimestamp('locked_at'),
    finished_at: optionalTimestamp('finished_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    oneOf('tasks_status_check', t.status, TASK_STATUSES),
    between('tasks_progress_check', t.progress, 0, 100),
    index('tasks_status_created_idx').on(t.status, t.created_at),
    index('tasks_group_status_idx').on(t.group_id, t.status),
  ],
);

export const robot_jobs = pgTable(
  'robot_jobs',
  {
    id: serial().primaryKey(),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text({ enum: ROBOT_JOB_NAMES }).notNull(),
    status: text({ enum: ROBOT_JOB_STATUSES }).notNull().default('running'),
    progress: integer().notNull().default(0),
    total: integer(),
    args: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    error: text(),
    started_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The robot's last sign of life on this job: its start, a progress report or a batch. */
    last_activity_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished_at: optionalTimestamp('finished_at'),
  },
  (t) => [
    oneOf('robot_jobs_name_check', t.name, ROBOT_JOB_NAMES),
    oneOf('robot_jobs_status_check', t.status, ROBOT_JOB_STATUSES),
    index('robot_jobs_group_status_idx').on(t.group_id, t.status),
    index('robot_jobs_user_status_idx').on(t.user_id, t.status),
    index('robot_jobs_started_idx').on(t.started_at.desc()),
  ],
);

/** One row per ingested batch, so a batch the robot re-sends is recognised and skipped. */
export const robot_job_batches = pgTable(
  'robot_job_batches',
  {
    id: serial().primaryKey(),
    job_id: integer()
      .notNull()
      .references(() => robot_jobs.id, { onDelete: 'cascade' }),
    batch_no: integer().notNull(),
    kind: text().notNull(),
    /** What the batch held (members, posts or removals): the monitor's ingestion figures sum it. */
    accepted: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    unique('robot_job_batches_job_batch_kind_unique').on(t.job_id, t.batch_no, t.kind),
    index('robot_job_batches_kind_created_idx').on(t.kind, t.created_at),
  ],
);

/**
 * Departures a completed members scan found but did not apply, because they were too many for one
 * scan to be believed (gone-members.ts): one row per membership the scan did not see, until the
 * group's admin confirms or dismisses them, or a later completed scan replaces them.
 */
export const held_departures = pgTable(
  'held_departures',
  {
    membership_id: integer()
      .primaryKey()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    job_id: integer()
      .notNull()
      .references(() => robot_jobs.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [index('held_departures_group_idx').on(t.group_id)],
);

export const robot_logs = pgTable(
  'robot_logs',
  {
    id: serial().primaryKey(),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    group_id: integer().references(() => groups.id, { onDelete: 'set null' }),
    member_id: integer().references(() => members.id, { onDelete: 'set null' }),
    robot_version: text(),
    level: text({ enum: ROBOT_LOG_LEVELS }).notNull(),
    message: text().notNull(),
    exec_id: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    oneOf('robot_logs_level_check', t.level, ROBOT_LOG_LEVELS),
    index('robot_logs_created_idx').on(t.created_at.desc()),
    index('robot_logs_level_created_idx').on(t.level, t.created_at.desc()),
    index('robot_logs_group_created_idx').on(t.group_id, t.created_at.desc()),
    index('robot_logs_user_created_idx').on(t.user_id, t.created_at.desc()),
    index('robot_logs_exec_created_idx').on(t.exec_id, t.created_at.desc()),
  ],
);

export const daily_metrics = pgTable(
  'daily_metrics',
  {
    id: serial().primaryKey(),
    group_id: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    active: integer().notNull().default(0),
    inactive: integer().notNull().default(0),
    whitelisted: integer().notNull().default(0),
    removed: integer().notNull().default(0),
    posts: integer().notNull().default(0),
    reactions: integer().notNull().default(0),
    comments: integer().notNull().default(0),
    shares: integer().notNull().default(0),
  },
  (t) => [unique('daily_metrics_group_day_unique').on(t.group_id, t.day)],
);

export const support_tickets = pgTable(
  'support_tickets',
  {
    id: serial().primaryKey(),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    email: text(),
    subject: text(),
    message: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('support_tickets_created_idx').on(t.created_at.desc())],
);

/** Feature toggles: login_disabled, lab, single_sign_on, extension_connected, ... */
export const app_toggles = pgTable('app_toggles', {
  name: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
});

/** Secrets an installation generates for itself on first use, e.g. the key that signs sandbox sign-in tokens. */
export const app_secrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  created_at: createdAt(),
});

/** Sandbox sign-in tokens already traded for a session, by their id: each token is good once. */
export const sandbox_sign_in_uses = pgTable('sandbox_sign_in_uses', {
  token_id: text().primaryKey(),
  /** The token's own expiry; the row is of no use after it and is pruned. */
  expires_at: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Sign-in tokens for the companion product: each good for one redemption until it expires. Only
 * the token's hash is kept; a redemption deletes the row, so a second one finds nothing.
 */
export const companion_tokens = pgTable(
  'companion_tokens',
  {
    token_hash: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that minted it: the token is good only while that session is. */
    session_id: integer()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('companion_tokens_expires_idx').on(t.expires_at)],
);

/** The only stored state of the sandbox social network: who was removed from which group. */
export const sandbox_removals = pgTable(
  'sandbox_removals',
  {
    fb_group_id: text().notNull(),
    fb_user_id: text().notNull(),
    removed_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sandbox_removals_pk', columns: [t.fb_group_id, t.fb_user_id] })],
);

/**
 * Payment calls by their Idempotency-Key, per user and operation: which request the key was first
 * sent with and the answer it got, so the same key again gets that answer and is never charged
 * twice. The status is null while the first request is still being answered: that attempt holds
 * the row under a lease (`server/domain/idempotency.ts`), and only one unanswered key at a time
 * may name a group or a user in `attempt_on`.
 */
export const idempotency_keys = pgTable(
  'idempotency_keys',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The contract's operationId. */
    operation: text().notNull(),
    key: text().notNull(),
    /** sha256 of the group and the body it was sent with. */
    request_hash: text().notNull(),
    status_code: integer(),
    answer: jsonb().$type<unknown>(),
    /** What the attempt is serialised on: `group:{id}` (purchase, upgrade) or `user:{id}` (card change). */
    attempt_on: text(),
    /** The idempotency key of the attempt's calls to the provider; whoever resumes the attempt sends the same. */
    provider_key: text().notNull(),
    /** What the attempt was asked, for whoever resumes it. */
    request: jsonb().$type<unknown>(),
    /** Who holds the unanswered key, and until when; after that another request may take it over. */
    lease_holder: text(),
    leased_until: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.user_id, t.operation, t.key] }),
    uniqueIndex('idempotency_keys_one_attempt_idx').on(t.attempt_on).where(sql`${t.status_code} IS NULL`),
  ],
);

/**
 * The sandbox payment provider's records (`server/adapters/payments/sandbox.ts`), kept as Stripe
 * keeps them at its end: outside the product's transactions, the same for every process.
 */
export const sandbox_card_tokens = pgTable(
  'sandbox_card_tokens',
  {
    /** The order tokens were issued in: the oldest are forgotten first. */
    seq: bigserial({ mode: 'number' }).primaryKey(),
    token: text().notNull().unique(),
    brand: text().notNull(),
    last4: text().notNull(),
    /** Why a charge of the card is refused; null charges it. */
    refused_at_charge: text(),
    created_at: createdAt(),
  },
  (t) => [index('sandbox_card_tokens_created_idx').on(t.created_at)],
);

export const sandbox_payment_methods = pgTable('sandbox_payment_methods', {
  id: text().primaryKey(),
  customer_id: text().notNull(),
  brand: text().notNull(),
  last4: text().notNull(),
  refused_at_charge: text(),
  created_at: createdAt(),
});

export const sandbox_customer_defaults = pgTable('sandbox_customer_defaults', {
  customer_id: text().primaryKey(),
  payment_method_id: text()
    .notNull()
    .references(() => sandbox_payment_methods.id),
});

export const sandbox_subscriptions = pgTable('sandbox_subscriptions', {
  id: text().primaryKey(),
  customer_id: text().notNull(),
  plan: text().$type<'monthly' | 'annual'>().notNull(),
  status: text().notNull(),
  started_at: timestamp({ withTimezone: true }).notNull(),
  current_period_end: timestamp({ withTimezone: true }),
});

/** Every charge the sandbox provider made: a subscription's invoice (made or changed) or a one-time charge. */
export const sandbox_charges = pgTable('sandbox_charges', {
  id: text().primaryKey(),
  customer_id: text().notNull(),
  subscription_id: text(),
  amount_cents: integer().notNull(),
  created_at: createdAt(),
});

/** The first answer of each idempotency key the provider was called with; the primary key makes it the only one. */
export const sandbox_answers = pgTable(
  'sandbox_answers',
  {
    key: text().primaryKey(),
    answer: jsonb().$type<unknown>(),
    created_at: createdAt(),
  },
  (t) => [index('sandbox_answers_created_idx').on(t.created_at)],
);
