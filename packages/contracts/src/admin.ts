import { z } from 'zod';
import { UserSchema } from './auth.ts';
import { InstantSchema, LocalDateSchema } from './common.ts';
import { TierSchema } from './entitlements.ts';
import { SubscriptionSchema } from './subscriptions.ts';

/** Spec §9: admin users default limit 10, activity default limit 50. */
export const ADMIN_USERS_LIMIT = 10;
export const ADMIN_ACTIVITY_LIMIT = 50;

const skip = z.coerce.number().int().min(0).max(1_000_000).default(0);

export const AdminUserSchema = UserSchema.extend({
  is_active: z.boolean(),
  deactivated_at: z.string().nullable(),
  tier: TierSchema.nullable(),
}).meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserDetailSchema = AdminUserSchema.extend({ subscriptions: z.array(SubscriptionSchema) });
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminUsersQuerySchema = z.object({
  skip,
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_LIMIT),
  search: z.string().trim().max(200).optional(),
});
export const AdminUserListSchema = z.object({ users: z.array(AdminUserSchema), total: z.number().int(), skip: z.number().int(), limit: z.number().int() });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** Flags an admin edits, and a tier grant with an end date (null takes the admin's grants back). */
export const AdminUserUpdateSchema = z.object({
  is_superuser: z.boolean().optional(),
  email_validated: z.boolean().optional(),
  is_active: z.boolean().optional(),
  grant: z
    .object({ tier: TierSchema, ends_at: InstantSchema.nullable().default(null) })
    .nullable()
    .optional(),
});
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;

export const AdminActivityQuerySchema = z.object({
  skip,
  limit: z.coerce.number().int().min(1).max(500).default(ADMIN_ACTIVITY_LIMIT),
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  action_type: z.string().trim().max(64).optional(),
  /** Inclusive UTC calendar days. */
  start_date: LocalDateSchema.optional(),
  end_date: LocalDateSchema.optional(),
});
export const ActivityItemSchema = z.object({
  id: z.number().int(),
  action_type: z.string(),
  actor_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export const ActivityListSchema = z.object({ items: z.array(ActivityItemSchema), total: z.number().int(), skip: z.number().int(), limit: z.number().int() });

export const RegistrationCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, 'A code is 4–64 letters, digits, - or _')
    .optional(),
  max_uses: z.coerce.number().int().min(1).max(100_000).default(1),
  expires_at: InstantSchema.optional(),
});
export const RegistrationCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  max_uses: z.number().int(),
  uses: z.number().int(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type RegistrationCode = z.infer<typeof RegistrationCodeSchema>;

export const QueueStatusSchema = z.object({
  name: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
  last_completed_at: z.string().nullable(),
});
export const StalledTaskSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  meal_plan_id: z.number().int(),
  task_type: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  heartbeat_at: z.string().nullable(),
  created_at: z.string(),
});
export const WorkerStatusSchema = z.object({ queues: z.array(QueueStatusSchema), stalled_tasks: z.array(StalledTaskSchema) });
export type WorkerStatus = z.infer<typeof WorkerStatusSchema>;

export const ResetTaskBodySchema = z.object({ action: z.enum(['requeue', 'fail']).default('requeue') });
export const ResetTaskResponseSchema = z.object({ id: z.number().int(), status: z.string(), message: z.string() });

const DayCountSchema = z.object({ date: z.string(), count: z.number().int() });
export const AdminMetricsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    verified: z.number().int(),
    superusers: z.number().int(),
    deactivated: z.number().int(),
    active_1d: z.number().int(),
    active_7d: z.number().int(),
    active_30d: z.number().int(),
    by_tier: z.object({ plus: z.number().int(), pro: z.number().int(), premium: z.number().int() }),
  }),
  new_users_per_day: z.array(DayCountSchema),
  food_logs_per_day: z.array(DayCountSchema),
  meal_plans_by_status: z.record(z.string(), z.number().int()),
  queue: z.object({ queued: z.number().int(), active: z.number().int(), failed: z.number().int() }),
});
export type AdminMetrics = z.infer<typeof AdminMetricsSchema>;
