import { Article } from './article';

export function Component() {
  return (
    <Article
      title="End User License Agreement"
      updated="1 March 2025"
      intro="This licence covers the Nutrition Tracker apps for iOS and Android and the web app."
      sections={[
        { heading: 'Licence', body: <p>We grant you a personal, non-exclusive, non-transferable licence to install and use the app on devices you own or control, for your own non-commercial use, subject to the Terms of Service.</p> },
        { heading: 'Restrictions', body: <p>You may not copy, modify, reverse engineer, rent or redistribute the app, except where the law allows it despite this restriction.</p> },
        { heading: 'App stores', body: <p>If you downloaded the app from the Apple App Store or Google Play, their standard terms also apply; they are not responsible for the app or its support. Apple and its subsidiaries are third-party beneficiaries of this agreement.</p> },
        { heading: 'Device features', body: <p>The app may ask to use notifications (meal and logging reminders), the camera (barcode scanning) and haptics. Each is optional and can be turned off in your device settings.</p> },
        { heading: 'Updates and termination', body: <p>Updates may be required to keep using the service. This licence ends when you delete the app or your account, or if you break these terms.</p> },
        { heading: 'Warranty', body: <p>The app is provided “as is” without warranties of any kind, to the extent permitted by law.</p> },
      ]}
    />
  );
}
