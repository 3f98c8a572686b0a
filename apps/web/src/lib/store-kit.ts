/**
 * The bridge to StoreKit 2 in the iOS app, for "Restore purchases". The native side is a Capacitor
 * plugin named `StoreKit` whose `currentTransactions()` answers the `jwsRepresentation` of every
 * transaction in `Transaction.currentEntitlements` (the subscriptions StoreKit says this Apple ID owns
 * now), after `AppStore.sync()`. It lives in the iOS project (ios/App/App/StoreKitPlugin.swift, registered
 * by MainViewController.swift). An app build without it gets `storeKitAvailable()` false and the
 * subscription page says restoring is not available in this version of the app. In a browser there is no
 * StoreKit: the button is not shown.
 */
import { isIos } from './platform';

export const STORE_KIT_PLUGIN = 'StoreKit';

export interface StoreKitPlugin {
  /** StoreKit 2 signed transactions (JWS), one per current entitlement. */
  currentTransactions(): Promise<{ transactions: string[] }>;
}

interface CapacitorGlobal {
  isPluginAvailable?: (name: string) => boolean;
}

/** True in the iOS app when its native layer registers the StoreKit plugin. */
export function storeKitAvailable(): boolean {
  if (!isIos()) return false;
  const cap = (window as { Capacitor?: CapacitorGlobal }).Capacitor;
  return cap?.isPluginAvailable?.(STORE_KIT_PLUGIN) ?? false;
}

/** The signed transactions StoreKit holds for this Apple ID now (the plugin is loaded on demand). */
export async function currentTransactions(): Promise<string[]> {
  const { registerPlugin } = await import('@capacitor/core');
  const plugin = registerPlugin<StoreKitPlugin>(STORE_KIT_PLUGIN);
  return (await plugin.currentTransactions()).transactions;
}
