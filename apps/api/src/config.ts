import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { z } from 'zod';
import { APPLE_ROOT_DEFAULT, WEB_DIST } from './paths.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

/** "7d", "12h", "30m", "45s" or a number of seconds. */
const duration = z
  .string()
  .regex(/^\d+\s*[smhd]?$/, 'Use a number of seconds or a duration like 7d, 12h, 30m')
  .transform((v) => {
    const m = /^(\d+)\s*([smhd]?)$/.exec(v)!;
    const n = Number(m[1]);
    return n * ({ '': 1, s: 1, m: 60, h: 3600, d: 86400 } as const)[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  });

/**
 * Which proxies may set X-Forwarded-For: unset = none (the socket address is the client), a number =
 * that many hops in front of the app, or a comma list of addresses / CIDRs (e.g. `127.0.0.1,10.0.0.0/8`).
 */
const trustProxy = z
  .string()
  .regex(/^(\d+|[0-9A-Fa-f:.\/]+(\s*,\s*[0-9A-Fa-f:.\/]+)*)$/, 'Use a hop count (e.g. 1) or a comma list of addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8)')
  .transform((v): number | string[] => (/^\d+$/.test(v) ? Number(v) : v.split(',').map((s) => s.trim()).filter(Boolean)));

/** `product:tier,product:tier` (APPLE_PRODUCT_TIERS, STRIPE_PRICE_TIERS) → a map; tiers are plus, pro, premium. */
const tierMap = z
  .string()
  .regex(/^\s*[^:,\s]+\s*:\s*(plus|pro|premium)\s*(,\s*[^:,\s]+\s*:\s*(plus|pro|premium)\s*)*,?\s*$/, 'Use id:tier pairs separated by commas, e.g. com.example.pro.monthly:pro (tiers: plus, pro, premium)')
  .transform((v) => Object.fromEntries(v.split(',').map((p) => p.split(':').map((s) => s.trim())).filter((p) => p[0]).map(([id, tier]) => [id, tier as 'plus' | 'pro' | 'premium'])));

/**
 * An XYZ tile URL template: http(s), {z}, {x} and {y} in it, optionally `{s}.` as the host's first
 * label (subdomains a, b, c). The Content-Security-Policy allows its origin for images.
 */
const tileTemplate = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/(\{s\}\.)?[A-Za-z0-9.-]+(:\d+)?\//.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'Use an http(s) XYZ template like https://tile.openstreetmap.org/{z}/{x}/{y}.png');

/** The CSP source of a tile template: its origin, `{s}` subdomains as `*`. */
export function tileOrigin(template: string): string {
  return /^(https?:\/\/[^/]+)/.exec(template)![1].replace('{s}', '*');
}

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: duration.default(7 * 86400),
  MAIL_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Nutrition Tracker <no-reply@localhost>'),
  CORS_ORIGINS: list.default([]),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  REGISTRATION_REQUIRES_CODE: bool.default(false),
  GOOGLE_CLIENT_IDS: list.default([]),
  APPLE_CLIENT_IDS: list.default([]),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_JWKS_URL: z.string().url().default('https://appleid.apple.com/auth/keys'),
  OFF_ONLINE: bool.default(false),
  OFF_API_URL: z.string().url().default('https://world.openfoodfacts.org'),
  SEED_FOODS: bool.default(true),
  WORKER: bool.default(true),
  /** false: a worker-only process; it answers only /api/v1/health and /metrics (for its supervisor). */
  API: bool.default(true),
  /** A plan task whose worker has not beaten its heartbeat for this long is handed to another worker. */
  /** Threads of the meal planner's pool in each process (each solve holds one; a user one at a time). */
  PLANNER_THREADS: z.coerce.number().int().min(1, 'PLANNER_THREADS must be 1 to 16').max(16, 'PLANNER_THREADS must be 1 to 16').default(2),
  /** The front door (lib/front-door.ts): a signed-in user's requests in flight per process, and how long a flooding user's 429s are held. */
  FRONT_DOOR_PER_USER: z.coerce.number().int().min(2, 'FRONT_DOOR_PER_USER must be 2 to 1000').max(1000, 'FRONT_DOOR_PER_USER must be 2 to 1000').default(16),
  FRONT_DOOR_HOLD_MS: z.coerce.number().int().min(0, 'FRONT_DOOR_HOLD_MS must be 0 to 10000').max(10_000, 'FRONT_DOOR_HOLD_MS must be 0 to 10000').default(1000),
  PLAN_STALL_AFTER: duration.pipe(z.number().min(3, 'PLAN_STALL_AFTER must be at least 3 seconds')).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.optional(),
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  FEEDBACK_EMAIL: z.string().default('feedback@example.com'),
  RECIPE_ALLOWED_DOMAINS: list.optional(),
  RECIPE_FETCH_ALLOW_PRIVATE: bool.default(false),
  /** Nearby places: the OpenStreetMap Overpass API, unless GOOGLE_PLACES_API_KEY is set. */
  OVERPASS_URL: z.string().url().default('https://overpass-api.de/api/interpreter'),
  GOOGLE_PLACES_API_KEY: z.string().min(1).optional(),
  GOOGLE_PLACES_URL: z.string().url().default('https://maps.googleapis.com/maps/api/place'),
  /**
   * Map tiles for the Restaurant Finder (unset: a list alone). The web build's VITE_MAP_TILE_URL is read
   * too, so one variable configures both the build and the server's CSP.
   */
  MAP_TILE_URL: tileTemplate.optional(),
  /** Plain text shown on the map; OpenStreetMap's own is the default for OSM's tile servers. */
  MAP_ATTRIBUTION: z.string().trim().max(300).optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // Push (reminders). iOS is on when the four APNS_* values are set; web when the three VAPID_* are.
  APNS_KEY_ID: z.string().min(1).optional(),
  APNS_TEAM_ID: z.string().min(1).optional(),
  APNS_KEY_PATH: z.string().min(1).optional(),
  APNS_BUNDLE_ID: z.string().min(1).optional(),
  APNS_PRODUCTION: bool.default(false),
  /** host[:port] instead of Apple's (api.push.apple.com / api.sandbox.push.apple.com). */
  APNS_HOST: z.string().regex(/^[A-Za-z0-9.\-]+(:\d+)?$/, 'Use host or host:port').optional(),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'Use a mailto: or https: URL').optional(),
  /** Web Push endpoints the server will POST to: host names or suffixes (".example.com"). */
  WEB_PUSH_ALLOWED_HOSTS: list.default(['fcm.googleapis.com', '.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com']),
  /** A PEM file of extra CA certificates trusted for APNs and Web Push (a TLS-inspecting proxy, tests). */
  PUSH_CA_PATH: z.string().min(1).optional(),
  // In-app purchases (App Store, StoreKit 2). Unset APPLE_BUNDLE_ID = Apple purchases are not enabled.
  APPLE_BUNDLE_ID: z.string().optional(),
  // Xcode and LocalTesting are not offered: the library skips signature checks for them.
  APPLE_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
  APPLE_APP_APPLE_ID: z.coerce.number().int().positive().optional(),
  APPLE_PRODUCT_TIERS: tierMap.default({}),
  APPLE_ROOT_CERTS: list.default([APPLE_ROOT_DEFAULT]),
  APPLE_ONLINE_CHECKS: bool.default(false),
  // Web purchases (Stripe Checkout). Unset STRIPE_SECRET_KEY = web purchases are not enabled.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_TIERS: tierMap.default({}),
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_RETURN_URL: z.string().url().default('http://localhost:8080/subscription'),
  // Stripe's no-code customer portal login link (Settings > Billing > Customer portal), shown to web subscribers.
  STRIPE_PORTAL_URL: z.string().url().optional(),
});

export type Env = z.infer<typeof EnvSchema>;
export interface Config extends Omit<Env, 'JWT_SECRET'> {
  JWT_SECRET: string;
  dataDir: string;
  outboxDir: string;
  /** Where the built web app lives; served at `/`. */
  webDist: string;
  /** In tests: an in-memory PGlite instead of DATA_DIR/pglite. */
  inMemoryDb?: boolean;
}

/** Parses the environment once at start. Throws a readable message on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // The web build's names for the map settings, when the server-side ones are not set.
  for (const k of ['MAP_TILE_URL', 'MAP_ATTRIBUTION']) cleaned[k] ??= cleaned[`VITE_${k}`];
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (!e.API && !e.WORKER) throw new Error('Invalid configuration:\n  API: API=false needs WORKER=true (the process would do nothing)');
  const dataDir = resolve(overrides.dataDir ?? e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const cfg: Config = {
    ...e,
    JWT_SECRET: e.JWT_SECRET ?? persistentSecret(dataDir),
    dataDir,
    outboxDir: join(dataDir, 'outbox'),
    webDist: WEB_DIST,
    ...overrides,
  };
  return cfg;
}

/** A JWT secret generated once and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // Written whole beside it, then linked into place, which fails if the file exists: of two processes starting
  // together on one DATA_DIR, one secret wins and both use it (each used to write and keep its own).
  const secret = randomBytes(48).toString('base64url');
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, secret + '\n', { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8').trim();
  } finally {
    rmSync(tmp, { force: true });
  }
}
