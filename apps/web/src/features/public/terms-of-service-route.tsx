import { Article } from './article';

export function Component() {
  return (
    <Article
      title="Terms of Service"
      updated="1 March 2025"
      intro="The rules for using Nutrition Tracker. By creating an account you agree to them."
      sections={[
        { heading: 'The service', body: <p>Nutrition Tracker helps you log food, compare what you eat with daily goals and generate meal plans. It is a general wellness tool, not medical advice. Talk to a doctor or registered dietitian before making major changes to your diet, especially if you are pregnant, have a medical condition or a history of disordered eating.</p> },
        { heading: 'Your account', body: <p>Keep your password private and tell us if you suspect misuse. One person per account. You must be at least 16 years old.</p> },
        { heading: 'Your content', body: <p>The foods, recipes and notes you enter remain yours. You give us permission to store and process them only to provide the service to you.</p> },
        {
          heading: 'Acceptable use',
          body: (
            <ul>
              <li>No automated scraping or load testing of the service without permission.</li>
              <li>No attempts to access other people's accounts or data.</li>
              <li>No content that is unlawful or infringes others' rights.</li>
            </ul>
          ),
        },
        { heading: 'Accuracy of nutrition data', body: <p>Nutrient values come from public databases (USDA, Open Food Facts) and from what users enter. They are estimates: real foods vary by brand, ripeness and preparation. Meal plans are computed suggestions and may not suit every need.</p> },
        { heading: 'Subscriptions', body: <p>Some features may require a paid plan. Prices and what each plan includes are shown before you buy; you can cancel at any time and keep access until the end of the paid period.</p> },
        { heading: 'Ending your account', body: <p>You can delete your account at any time from Settings. We may suspend accounts that break these terms, after notice where possible.</p> },
        { heading: 'Liability', body: <p>The service is provided “as is”. To the extent the law allows, we are not liable for indirect losses or for decisions made on the basis of the nutrition estimates.</p> },
        { heading: 'Changes', body: <p>We will tell you in the app about material changes at least 14 days before they apply.</p> },
      ]}
    />
  );
}
