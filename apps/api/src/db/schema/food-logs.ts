// Tables of the food-logs feature (owned by that feature).
export {};
