import type { CapacitorConfig } from '@capacitor/cli';
import { KeyboardResize } from '@capacitor/keyboard';

/**
 * The iOS and Android apps load the same web build (dist). API calls go to the server configured at
 * build time: in the native apps a relative /api/v1 would hit the app's own origin, so a production
 * build for the stores sets `server.url` or a reverse proxy host here.
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
