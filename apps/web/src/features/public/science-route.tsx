import { Article } from './article';

// Every number here is the one the code uses: packages/nutrition/src (mifflin.ts, meal-plan/, analysis/).
// Change the text when the code changes.
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
              <p>Each food in the built-in database carries its nutrients per 100 g, from the USDA National Nutrient Database for Standard Reference, release 21 (SR21). When you log a serving the values are scaled by the serving's weight in grams:</p>
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
              <p>That figure is multiplied by an activity factor (1.2 sedentary, 1.375, 1.55, 1.725, 1.9 very active) to estimate your daily energy use. Your weekly pace then moves it: a kilogram of body weight is counted as about 7,700 kcal, so losing 0.5 kg a week takes 0.5 × 7,700 / 7 = 550 kcal a day off (gaining adds it), and the goal never goes below 1,200 kcal (women) or 1,500 kcal (men); when that floor decides the number, the app says so. Protein is 1.8 g per kg of body weight when losing, 1.4 when maintaining and 1.6 when gaining (at most 35 % of energy); fat is 30 % of energy; carbohydrates fill the rest; fiber is 14 g per 1,000 kcal. These are starting points: adjust them as you learn how your weight responds.</p>
            </>
          ),
        },
        {
          heading: 'How meal plans are made',
          body: (
            <>
              <p>Plans are built one day at a time from about 320 everyday foods chosen from the USDA data. Each food has a role (protein, starch, vegetable, fruit, dairy, fat, drink, snack), the meals it suits and a portion range in a household unit with a fixed step: half a cup for most grains, pasta, cereals, drinks, fruit and vegetables; one ounce for meat and fish; whole pieces for eggs, slices and most fruit; a teaspoon or tablespoon for oils and spreads. A plan never says 0.37 cup.</p>
              <ol>
                <li>Your diet types and allergies filter the foods first: a food that breaks them is never a candidate.</li>
                <li>The planner draws many possible meals for the day (breakfast: a protein or dairy food, a starch and fruit; lunch and dinner: a protein, a starch, vegetables; a snack), favouring your favorite foods and foods you have not had on several days this week, and never repeating yesterday's exact meal.</li>
                <li>For the most promising ones it chooses the number of portion steps of each food. The best is solved exactly as a mixed-integer program by the HiGHS solver, minimising the weighted distance between the day's totals and your calories, protein, carbs, fat and fiber.</li>
              </ol>
              <p>Tolerances: each day must be within 5 % of your calorie goal and within 8 % (or 5 g, whichever is larger) of your protein, carbs and fat. When the best portions of the chosen foods still miss (a keto day whose vegetables alone carry too many carbs), the optimiser swaps, adds or drops foods one at a time and solves again. A day that still cannot be met with the foods your diet allows is shown with a note that it is outside tolerance, never hidden. The same request gives the same plan: the solver works to a fixed search limit, not a clock.</p>
            </>
          ),
        },
        {
          heading: 'How the analysis works',
          body: (
            <>
              <p>Analysis and the AI Assessment apply written rules to what you logged. Each finding names its reference:</p>
              <ul>
                <li>Macro split against the Acceptable Macronutrient Distribution Ranges: protein 10–35 %, carbohydrate 45–65 %, fat 20–35 % of energy (IOM 2005).</li>
                <li>Fiber against 14 g per 1,000 kcal, and protein against 0.8 g per kg of body weight (IOM 2005).</li>
                <li>Sodium against 2,300 mg a day and potassium against its Adequate Intake (NASEM 2019); saturated fat below 10 % of energy (Dietary Guidelines for Americans 2020–2025); vitamins and minerals against the Dietary Reference Intakes for your age and sex.</li>
                <li>Meal timing: more than 25 % of the day’s energy after 21:00 (AHA scientific statement, 2017); weekday against weekend calories; the foods that bring the most calories.</li>
                <li>Weight: a trend weight smoothed over days (an exponentially weighted average), and the energy balance it implies at about 7,700 kcal per kg.</li>
              </ul>
              <p>Each finding proposes one change, preferring a food you already log. A rule without enough days of data says so instead of guessing.</p>
            </>
          ),
        },
        {
          heading: 'Where the data comes from',
          id: 'data',
          body: (
            <ul>
              <li><strong>USDA SR21</strong> — about 7,400 generic foods with household measures; a U.S. government work in the public domain. Built in.</li>
              <li><strong>USDA FoodData Central</strong> — Foundation, SR Legacy, Survey and Branded foods, where a deployment has imported them.</li>
              <li><strong>Open Food Facts</strong> — packaged products by barcode, shared under the Open Database License, where a deployment has imported them.</li>
              <li><strong>Your own foods and recipes</strong> — what you enter, visible only to you.</li>
            </ul>
          ),
        },
        { heading: 'Limits', body: <p>Database values are averages. Brands, ripeness and cooking change real values, often by 10–20 %. Use the numbers to see trends and make decisions, not as lab measurements.</p> },
      ]}
    />
  );
}
