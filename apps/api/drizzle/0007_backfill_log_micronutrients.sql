-- Back-fill: micronutrients of log entries of database foods, scaled with the serving like the other nutrients.
-- Entries whose food is gone, manual entries and foods that do not know a nutrient stay null (not known).
-- The built-in foods get their micronutrients when the new seed loads (after migrations), and the seed loader
-- runs the same update then.
UPDATE "food_logs" l SET
  "calcium" = f."calcium" * l."serving_grams" * l."number_of_servings" / 100,
  "iron" = f."iron" * l."serving_grams" * l."number_of_servings" / 100,
  "magnesium" = f."magnesium" * l."serving_grams" * l."number_of_servings" / 100,
  "zinc" = f."zinc" * l."serving_grams" * l."number_of_servings" / 100,
  "vitamin_a" = f."vitamin_a" * l."serving_grams" * l."number_of_servings" / 100,
  "vitamin_c" = f."vitamin_c" * l."serving_grams" * l."number_of_servings" / 100,
  "vitamin_d" = f."vitamin_d" * l."serving_grams" * l."number_of_servings" / 100,
  "vitamin_e" = f."vitamin_e" * l."serving_grams" * l."number_of_servings" / 100,
  "vitamin_k" = f."vitamin_k" * l."serving_grams" * l."number_of_servings" / 100,
  "vitamin_b6" = f."vitamin_b6" * l."serving_grams" * l."number_of_servings" / 100,
  "vitamin_b12" = f."vitamin_b12" * l."serving_grams" * l."number_of_servings" / 100,
  "folate" = f."folate" * l."serving_grams" * l."number_of_servings" / 100
FROM "foods" f
WHERE f."id" = l."food_id" AND l."serving_grams" IS NOT NULL
  AND l."calcium" IS NULL AND l."iron" IS NULL AND l."vitamin_c" IS NULL AND l."folate" IS NULL;
