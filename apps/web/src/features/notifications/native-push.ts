/**
 * Native push (spec §4): only in the iOS app (Android push is off); the permission is asked, then the
 * APNs token is registered with POST /device-tokens. A token that arrives before the user is known is
 * held, retried after 3 s and again on sign-in. On resume the permission is rechecked and the badge
 * refreshed, and refreshed again after 1 s. Failures are only logged (spec §8).
 */
import { PUSH_INIT_DELAY_MS, PUSH_TOKEN_RETRY_MS } from '@app/contracts/constants';
import { logger } from '../../lib/logger';

/** The part of @capacitor/push-notifications used here (a fake in unit tests). */
export interface PushPlugin {
  checkPermissions(): Promise<{ receive: string }>;
  requestPermissions(): Promise<{ receive: string }>;
  register(): Promise<void>;
  addListener(event: 'registration', fn: (t: { value: string }) => void): Promise<unknown>;
}

export interface NativePushDeps {
  platform: () => string;
  loadPlugin: () => Promise<PushPlugin>;
  userId: () => number | null;
  sendToken: (token: string) => Promise<unknown>;
  refreshBadge: () => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

export function createNativePush(deps: NativePushDeps) {
  const later = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let plugin: PushPlugin | null = null;
  let started = false;
  let pending: string | null = null;
  let registered = false;

  async function deliver() {
    const token = pending;
    if (!token) return;
    if (deps.userId() === null) {
      later(() => void deliver(), PUSH_TOKEN_RETRY_MS);
      return;
    }
    try {
      await deps.sendToken(token);
      if (pending === token) pending = null;
    } catch (err) {
      logger.error('Push token registration failed', err);
    }
  }

  async function registerIfAllowed(ask: boolean) {
    if (!plugin) return;
    let { receive } = await plugin.checkPermissions();
    if (ask && (receive === 'prompt' || receive === 'prompt-with-rationale')) receive = (await plugin.requestPermissions()).receive;
    if (receive !== 'granted' || registered) return;
    registered = true;
    await plugin.register();
  }

  return {
    /** Call once the user is signed in; runs 1 s later (spec §9). Idempotent. */
    start() {
      if (started || deps.platform() !== 'ios') return;
      started = true;
      later(async () => {
        try {
          plugin = await deps.loadPlugin();
          await plugin.addListener('registration', (t) => {
            pending = t.value;
            void deliver().then(() => pending && later(() => void deliver(), PUSH_TOKEN_RETRY_MS));
          });
          await registerIfAllowed(true);
        } catch (err) {
          logger.error('Push initialization failed', err);
        }
      }, PUSH_INIT_DELAY_MS);
    },
    /** A user signed in: a held token goes out now. */
    signedIn() {
      void deliver();
    },
    /** The app came back to the foreground. */
    resumed() {
      if (!started) return;
      void registerIfAllowed(false).catch((err) => logger.error('Push permission check failed', err));
      deps.refreshBadge();
      later(() => deps.refreshBadge(), PUSH_INIT_DELAY_MS);
    },
    get pendingToken() {
      return pending;
    },
  };
}
