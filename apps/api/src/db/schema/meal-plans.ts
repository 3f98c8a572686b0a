// Tables of the meal-plans feature (owned by that feature).
export {};
