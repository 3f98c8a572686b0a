/**
 * Folders the server reads at run time, found from this module's own place. It sits one folder below
 * apps/api both when run from source (apps/api/src/paths.ts, tsx) and when built (bundled into
 * apps/api/dist/server.mjs, `npm start`), so apps/api is one folder up either way. Modules that read
 * files next to the program take their paths from here, never from their own import.meta.dirname,
 * which differs between the two layouts.
 */
import { resolve } from 'node:path';

export const API_DIR = resolve(import.meta.dirname, '..');
/** drizzle-kit's committed migrations. */
export const MIGRATIONS_DIR = resolve(API_DIR, 'drizzle');
/** The built-in foods (USDA SR21). */
export const SEED_FILE = resolve(API_DIR, 'seed/usda-sr21.json.gz');
/** Apple's root that signs StoreKit 2 transactions and server notifications, committed with the app. */
export const APPLE_ROOT_DEFAULT = resolve(API_DIR, 'certs/AppleRootCA-G3.cer');
/** The built web app (npm run build). */
export const WEB_DIST = resolve(API_DIR, '../web/dist');
