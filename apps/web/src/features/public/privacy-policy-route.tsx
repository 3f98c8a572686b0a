import { Article } from './article';

export function Component() {
  return (
    <Article
      title="Privacy Policy"
      updated="1 March 2025"
      intro="What we collect, why, and what you can do about it. Short version: we keep what the app needs to work, we don't sell it, and you can export or delete it at any time."
      sections={[
        {
          heading: 'What we collect',
          body: (
            <ul>
              <li><strong>Account:</strong> your e-mail address, an optional username and a password hash (argon2id — we never store or see your password).</li>
              <li><strong>What you log:</strong> foods, servings and meal times, favourite foods, daily goals, diet types, allergies and your time zone.</li>
              <li><strong>Meal plans:</strong> the plans you generate and the settings used to build them.</li>
              <li><strong>Notifications:</strong> reminders we send you and whether you have read them.</li>
              <li><strong>Technical logs:</strong> IP address and request times, kept for up to 30 days to keep the service secure.</li>
            </ul>
          ),
        },
        {
          heading: 'Why we use it',
          body: <p>To show your food log and totals, compute goals and meal plans, send the e-mails you ask for (verification codes, password resets, plan exports) and protect accounts against abuse. We do not use your data for advertising and we do not sell or rent it.</p>,
        },
        {
          heading: 'Who else sees it',
          body: <p>Nobody, except service providers that run the service for us (hosting, e-mail delivery) under contracts that forbid any other use. If you send us feedback by e-mail, the message includes your public IP address, time zone and browser so we can reproduce problems; you can remove those lines before sending.</p>,
        },
        {
          heading: 'Your choices',
          body: (
            <ul>
              <li>Download your food log as CSV from Settings → Your data.</li>
              <li>Change your goals, diet types and allergies at any time.</li>
              <li>Delete your account from Settings. Deletion removes your profile, logs, plans, custom foods, recipes and notifications immediately; backups roll over within 30 days. We keep your account's security log (when it signed up and signed in, password changes and the deletion, with the e-mail and IP addresses used) for 30 days after the deletion, to investigate abuse, and then delete it.</li>
            </ul>
          ),
        },
        { heading: 'Storage on your device', body: <p>The app keeps your sign-in token in your browser's local storage under the key <code>token</code>. We do not use tracking cookies.</p> },
        { heading: 'Children', body: <p>The service is not directed at children under 16 and we do not knowingly collect their data.</p> },
        { heading: 'Contact', body: <p>Questions or requests: use the Feedback link in the menu, or write to the address shown there.</p> },
      ]}
    />
  );
}
