import { Article } from './article';

export function Component() {
  return (
    <Article
      title="The science behind the numbers"
      intro="How every calorie and gram you see is computed, and where the data comes from."
      sections={[
        {
          heading: 'Nutrients per serving',
          body: (
            <>
              <p>Each food in our built-in database carries its nutrients per 100 g, taken from the USDA National Nutrient Database for Standard Reference, release 21 (SR21). When you log a serving we scale those values by the serving's weight in grams:</p>
              <p><code>nutrient = value per 100 g × serving grams ÷ 100 × number of servings</code></p>
              <p>Household measures (1 cup, 1 slice, 1 medium) use the gram weights USDA measured for that food. Totals for a meal or a day are plain sums, rounded only for display.</p>
            </>
          ),
        },
        {
          heading: 'Daily goals (Mifflin-St Jeor)',
          body: (
            <>
              <p>The goal helper in Settings estimates your resting energy use with the Mifflin-St Jeor equation:</p>
              <ul>
                <li>Men: 10 × weight (kg) + 6.25 × height (cm) − 5 × age + 5</li>
                <li>Women: 10 × weight (kg) + 6.25 × height (cm) − 5 × age − 161</li>
              </ul>
              <p>That figure is multiplied by an activity factor (1.2 sedentary to 1.9 very active) to estimate total daily energy. Losing weight subtracts about 500 kcal a day (roughly 0.5 kg a week); gaining adds about 300 kcal. Protein is set from body weight, fat at about 30% of energy and carbohydrates fill the rest; fibre follows the 14 g per 1,000 kcal guideline. These are starting points: adjust them as you learn how your weight responds.</p>
            </>
          ),
        },
        {
          heading: 'How meal plans are optimised',
          body: (
            <>
              <p>A meal plan is a mixed-integer program. For every day the optimiser chooses foods and whole-number servings for breakfast, lunch, dinner and a snack so that the day's calories, protein, carbohydrates, fat and fibre deviate as little as possible from your goals.</p>
              <p>Your diet types and allergies are hard constraints: a food that breaks them can never be chosen. Variety rules stop the same food from repeating too often. The solver (HiGHS) finds the exact optimum of that model, so two plans with the same goals are equally close to target — the differences are in variety, not accuracy.</p>
            </>
          ),
        },
        {
          heading: 'Where the data comes from',
          id: 'data',
          body: (
            <ul>
              <li><strong>USDA SR21</strong> — about 7,400 generic foods with household measures; a U.S. government work in the public domain.</li>
              <li><strong>USDA FoodData Central</strong> — Foundation, SR Legacy, Survey and Branded foods, where a deployment has imported them.</li>
              <li><strong>Open Food Facts</strong> — packaged products by barcode, shared under the Open Database License.</li>
              <li><strong>Your own foods</strong> — custom foods and recipes you enter, visible only to you.</li>
            </ul>
          ),
        },
        { heading: 'Limits', body: <p>Database values are averages. Brands, ripeness and cooking change real values, often by 10–20%. Use the numbers to see trends and make decisions, not as lab measurements.</p> },
      ]}
    />
  );
}
