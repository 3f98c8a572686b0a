import { Capacitor } from '@capacitor/core';

/** Native platform checks (Capacitor): 'web' in a browser, 'ios' or 'android' in the wrapped apps. */
export const platform = (): string => Capacitor.getPlatform();
export const isIos = (): boolean => platform() === 'ios';
export const isNative = (): boolean => Capacitor.isNativePlatform();

/** A light tap on iOS only (spec §2); the plugin is loaded on demand so the web bundle stays small. */
export function tapFeedback(): void {
  if (!isIos()) return;
  void import('@capacitor/haptics')
    .then(({ Haptics, ImpactStyle }) => Haptics.impact({ style: ImpactStyle.Light }))
    .catch(() => undefined);
}
