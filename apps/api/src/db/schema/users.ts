import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name?: string) => timestamp(name as string, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased: e-mails compare case-insensitively. */
    email: text('email').notNull(),
    username: text('username'),
    /** Null for accounts made by social sign-in until they set a password. */
    password_hash: text('password_hash'),
    email_validated: boolean('email_validated').notNull().default(false),
    is_superuser: boolean('is_superuser').notNull().default(false),
    is_pro: boolean('is_pro').notNull().default(false),
    is_plus: boolean('is_plus').notNull().default(false),
    is_premium: boolean('is_premium').notNull().default(false),
    terms_accepted_at: ts('terms_accepted_at'),
    /** Set by an admin: the account cannot sign in and its tokens stop working. */
    deactivated_at: ts('deactivated_at'),
    /** Bumped on password change, reset and deletion: tokens carry it as `ver`. */
    token_version: integer('token_version').notNull().default(0),
    purchase_uuid: uuid('purchase_uuid').notNull().default(sql`gen_random_uuid()`),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
  ],
);

/** One live code per user and purpose (ASVS §6.5); only its hash is stored. */
export const verification_codes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: ts('expires_at').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('verification_codes_user_purpose_key').on(t.user_id, t.purpose)],
);

/** Failed-login counters per account and per IP, for growing delays (no long lock-outs). */
export const login_throttle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_start: ts('window_start').notNull().defaultNow(),
  blocked_until: ts('blocked_until'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** Mail sent per address and purpose, for the one-mail-a-minute rule. */
export const mail_throttle = pgTable('mail_throttle', {
  key: text('key').primaryKey(),
  last_sent_at: ts('last_sent_at').notNull(),
});

export const social_identities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('social_identities_user_provider_key').on(t.user_id, t.provider),
  ],
);

/** Admin-made invite codes, required when REGISTRATION_REQUIRES_CODE=true. */
export const registration_codes = pgTable(
  'registration_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    max_uses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    expires_at: ts('expires_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('registration_codes_code_key').on(t.code)],
);

export const user_settings = pgTable('user_settings', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  diet_types: text('diet_types').array().notNull().default(sql`'{}'::text[]`),
  allergies: text('allergies').array().notNull().default(sql`'{}'::text[]`),
  timezone: text('timezone').notNull().default('UTC'),
  daily_calorie_goal: integer('daily_calorie_goal'),
  daily_protein_goal: integer('daily_protein_goal'),
  daily_carbs_goal: integer('daily_carbs_goal'),
  daily_fat_goal: integer('daily_fat_goal'),
  daily_fiber_goal: integer('daily_fiber_goal'),
  /** Water a day in ml; null = not set (the screens suggest 2,000 ml and say it is a suggestion). */
  daily_water_goal_ml: integer('daily_water_goal_ml'),
  /** How the web app shows weights and distances; the API is metric on the wire. */
  units: text('units').notNull().default('metric'),
  /** For DRIs by age and sex and the goal helper; null = not given. */
  birth_year: integer('birth_year'),
  sex: text('sex'),
  /** The profile the onboarding and the goal helper ask for (issue 42); null = not given. Metric on the wire. */
  height_cm: real('height_cm'),
  goal_weight_kg: real('goal_weight_kg'),
  /** The chosen pace in kg a week: negative loses, 0 maintains, positive gains; null = not chosen. */
  weekly_rate_kg: real('weekly_rate_kg'),
  /** sedentary | light | moderate | active | very_active; null = not given. */
  activity_level: text('activity_level'),
  /** When the user finished (or skipped) the first-run onboarding; null = not yet, the app offers it. */
  onboarded_at: ts('onboarded_at'),
  /** Share of logged exercise calories added back to the day's calorie budget: 0 (none), 50 or 100. */
  exercise_calories_back_pct: integer('exercise_calories_back_pct').notNull().default(0),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const maintenance_runs = pgTable(
  'maintenance_runs',
  {
    id: serial('id').primaryKey(),
    job_id: text('job_id').notNull(),
    removed_codes: integer('removed_codes').notNull().default(0),
    removed_throttles: integer('removed_throttles').notNull().default(0),
    ran_at: ts('ran_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('maintenance_runs_job_id_key').on(t.job_id), index('maintenance_runs_ran_at_idx').on(t.ran_at)],
);
