import { afterEach, describe, expect, test } from 'vitest';
import { storeKitAvailable } from './store-kit';

const setCapacitor = (c: unknown) => ((window as { Capacitor?: unknown }).Capacitor = c);
afterEach(() => delete (window as { Capacitor?: unknown }).Capacitor);

describe('Restore purchases is offered only where StoreKit is', () => {
  test('a browser has no StoreKit', () => {
    expect(storeKitAvailable()).toBe(false);
  });
  test('Android has no StoreKit even with a plugin of that name', () => {
    setCapacitor({ getPlatform: () => 'android', isNativePlatform: () => true, isPluginAvailable: () => true });
    expect(storeKitAvailable()).toBe(false);
  });
  test('the iOS app offers it only when its native layer registers the StoreKit plugin', () => {
    setCapacitor({ getPlatform: () => 'ios', isNativePlatform: () => true, isPluginAvailable: () => false });
    expect(storeKitAvailable()).toBe(false);
    setCapacitor({ getPlatform: () => 'ios', isNativePlatform: () => true, isPluginAvailable: (name: string) => name === 'StoreKit' });
    expect(storeKitAvailable()).toBe(true);
  });
});
