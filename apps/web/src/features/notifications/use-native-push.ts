import { useEffect } from 'react';
import { useAppSelector } from '../../lib/hooks';
import { selectUser } from '../../lib/session';
import { isNative, platform } from '../../lib/platform';
import { createNativePush } from './native-push';
import { useRegisterDeviceTokenMutation } from './preferences-api';

// One controller for the app, however many badges mount the hook; it reads the latest values here.
const current: { userId: number | null; send: (t: string) => Promise<unknown>; refresh: () => void } = {
  userId: null,
  send: async () => undefined,
  refresh: () => undefined,
};
let controller: ReturnType<typeof createNativePush> | null = null;

/** Starts native push for a signed-in user in the iOS app (no-op in browsers and on Android). */
export function useNativePush(refreshBadge: () => void) {
  const user = useAppSelector(selectUser);
  const [register] = useRegisterDeviceTokenMutation();
  current.userId = user?.id ?? null;
  current.send = (token) => register({ token, device_type: 'ios' }).unwrap();
  current.refresh = refreshBadge;
  useEffect(() => {
    if (!isNative() || !user) return;
    controller ??= createNativePush({
      platform,
      // Loaded on demand so the web bundle does not carry the plugin.
      loadPlugin: () => import('@capacitor/push-notifications').then((m) => m.PushNotifications),
      userId: () => current.userId,
      sendToken: (t) => current.send(t),
      refreshBadge: () => current.refresh(),
    });
    controller.start();
    controller.signedIn();
    const onVisible = () => document.visibilityState === 'visible' && controller?.resumed();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [user]);
}
