import type { CapacitorConfig } from '@capacitor/cli';
import { KeyboardResize } from '@capacitor/keyboard';

/**
 * The iOS and Android apps load the same web build (dist). In the native apps a relative /api/v1 would
 * hit the app's own origin, so a store build is made with VITE_API_BASE_URL=https://<api host>/api/v1
 * (the API always allows the apps' origins, capacitor://localhost and https://localhost, in CORS).
 */
const config: CapacitorConfig = {
  appId: 'com.example.nutritiontracker',
  appName: 'Nutrition Tracker',
  webDir: 'dist',
  ios: { contentInset: 'automatic', limitsNavigationsToAppBoundDomains: false },
  android: { allowMixedContent: false },
  plugins: {
    // The bottom bar hides itself while the keyboard is open (spec §2); resize the body so inputs stay visible.
    Keyboard: { resize: KeyboardResize.Body, resizeOnFullScreen: true },
  },
};

export default config;
