// Tables of the foods feature (owned by that feature).
export {};
