/** The references the analysis rules rest on. Every finding carries one of these so a user can check it. */
export const SOURCES = {
  amdr: 'IOM (2005) Dietary Reference Intakes for Energy, Carbohydrate, Fiber, Fat, Fatty Acids, Cholesterol, Protein, and Amino Acids: AMDR protein 10–35 %, carbohydrate 45–65 %, fat 20–35 % of energy',
  fiber: 'IOM (2005) DRI for Energy and Macronutrients: fiber Adequate Intake 14 g per 1,000 kcal',
  proteinPerKg: 'IOM (2005) DRI for Energy and Macronutrients: protein RDA 0.8 g per kg body weight per day for adults',
  sodium: 'NASEM (2019) Dietary Reference Intakes for Sodium and Potassium: Chronic Disease Risk Reduction intake 2,300 mg/day',
  potassium: 'NASEM (2019) Dietary Reference Intakes for Sodium and Potassium: Adequate Intake 3,400 mg/day (men), 2,600 mg/day (women)',
  saturatedFat: 'USDA/HHS Dietary Guidelines for Americans 2020–2025: saturated fat below 10 % of energy',
  micronutrients: 'IOM/NASEM Dietary Reference Intakes, summary tables (RDA/AI and UL by life-stage group), National Academies 2011–2019',
  mealTiming: 'St-Onge M-P et al. (2017) Meal Timing and Frequency: Implications for Cardiovascular Disease Prevention, AHA Scientific Statement, Circulation 135:e96–e121',
  energyBalance: 'Wishnofsky M (1958) Caloric equivalents of gained or lost weight, Am J Clin Nutr 6:542–546: about 7,700 kcal per kg of body weight',
  trendWeight: 'Walker J (1991) The Hacker’s Diet: exponentially smoothed moving average of daily weights, 10 % weight per day',
  calorieGoal: 'Your own calorie goal from Settings',
} as const;
export type SourceId = keyof typeof SOURCES;
