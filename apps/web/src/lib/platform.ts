/**
 * Native platform checks. In the iOS and Android apps Capacitor's native bridge defines
 * `window.Capacitor` (the same object `@capacitor/core` wraps) before the web app runs; reading it
 * directly keeps @capacitor/core out of the first page's bundle. In a browser the platform is 'web'.
 */
interface CapacitorGlobal {
  getPlatform?: () => string;
  isNativePlatform?: () => boolean;
}
const cap = (): CapacitorGlobal | undefined => (typeof window === 'undefined' ? undefined : (window as { Capacitor?: CapacitorGlobal }).Capacitor);

export const platform = (): string => cap()?.getPlatform?.() ?? 'web';
export const isIos = (): boolean => platform() === 'ios';
export const isNative = (): boolean => cap()?.isNativePlatform?.() ?? false;

/** A light tap on iOS only (spec §2); the plugin is loaded on demand so the web bundle stays small. */
export function tapFeedback(): void {
  if (!isIos()) return;
  void import('@capacitor/haptics')
    .then(({ Haptics, ImpactStyle }) => Haptics.impact({ style: ImpactStyle.Light }))
    .catch(() => undefined);
}
