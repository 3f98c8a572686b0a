import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectUser } from '../../lib/session';
import { isNative, platform } from '../../lib/platform';
import type { createNativePush } from './native-push';

// One controller for the app, however many badges mount the hook; it reads the latest values here.
const current: { userId: number | null; send: (t: string) => Promise<unknown>; refresh: () => void } = {
  userId: null,
  send: async () => undefined,
  refresh: () => undefined,
};
let controller: ReturnType<typeof createNativePush> | null = null;

/**
 * Starts native push for a signed-in user in the iOS app (no-op in browsers and on Android). The push
 * controller and the device-token endpoint load only in the app, not with every signed-in web page.
 */
export function useNativePush(refreshBadge: () => void) {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  current.userId = user?.id ?? null;
  current.send = async (token) => {
    const { preferencesApi } = await import('../../lib/notification-preferences-api');
    return dispatch(preferencesApi.endpoints.registerDeviceToken.initiate({ token, device_type: 'ios' })).unwrap();
  };
  current.refresh = refreshBadge;
  useEffect(() => {
    if (!isNative() || !user) return;
    let active = true;
    void import('./native-push').then(({ createNativePush }) => {
      if (!active) return;
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
    });
    const onVisible = () => document.visibilityState === 'visible' && controller?.resumed();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [user]);
}
