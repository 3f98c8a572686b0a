/**
 * What a restaurant probably serves, in terms of the food database: a known chain's own items
 * (USDA SR21 carries McDonald's, Burger King, Wendy's … items named "McDONALD'S, Big Mac"), else
 * dishes typical of its cuisine (OpenStreetMap `cuisine` values). Patterns are SQL LIKE prefixes
 * matched case-insensitively against the USDA description.
 */

export interface Chain {
  chain: string;
  /** Normalised names (see normaliseName) that identify the chain inside a restaurant's name. */
  keys: string[];
  prefixes: string[];
}

export const CHAINS: Chain[] = [
  { chain: "McDonald's", keys: ['mcdonalds', 'mcdonald'], prefixes: ["McDONALD'S,"] },
  { chain: 'Burger King', keys: ['burgerking'], prefixes: ['BURGER KING,'] },
  { chain: "Wendy's", keys: ['wendys'], prefixes: ["WENDY'S,"] },
  { chain: 'Taco Bell', keys: ['tacobell'], prefixes: ['TACO BELL,'] },
  { chain: 'Pizza Hut', keys: ['pizzahut'], prefixes: ['PIZZA HUT '] },
  { chain: "Domino's", keys: ['dominos'], prefixes: ["DOMINO'S "] },
  { chain: "Papa John's", keys: ['papajohns'], prefixes: ["PAPA JOHN'S "] },
  { chain: 'Little Caesars', keys: ['littlecaesars', 'littlecaesar'], prefixes: ['LITTLE CAESARS '] },
  { chain: 'Popeyes', keys: ['popeyes'], prefixes: ['POPEYES,'] },
  { chain: 'KFC', keys: ['kfc', 'kentuckyfriedchicken'], prefixes: ['KENTUCKY FRIED CHICKEN,'] },
];

/** "McDonald's", "Mcdonalds", "MC DONALD’S" → "mcdonalds": case, accents, spaces and punctuation do not count. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The chain a restaurant (or its OSM `brand`) belongs to, if we know its menu. */
export function matchChain(...names: (string | null | undefined)[]): Chain | null {
  for (const name of names) {
    if (!name) continue;
    const n = normaliseName(name);
    if (!n) continue;
    const hit = CHAINS.find((c) => c.keys.some((k) => n.includes(k)));
    if (hit) return hit;
  }
  return null;
}

const BURGER = ['Fast foods, hamburger', 'Fast foods, cheeseburger', 'Fast foods, potato, french fried'];
const CHICKEN = ['Fast foods, chicken', 'Fast Foods, crispy chicken'];
const SANDWICH = ['Fast foods, submarine sandwich', 'Fast foods, chicken fillet sandwich', 'Fast foods, ham and cheese sandwich', 'Fast foods, roast beef sandwich', 'Sandwiches and burgers,', 'Fast foods, egg and cheese sandwich'];
const MEXICAN = ['Fast foods, burrito', 'Fast foods, taco', 'Fast foods, enchilada', 'Fast foods, nachos', 'Fast foods, tostada', 'Fast foods, chimichanga', 'Fast foods, frijoles'];
const PIZZA = ['Fast Food, Pizza Chain', 'Pizza, '];
const ITALIAN = [...PIZZA, 'Lasagna', 'Spaghetti, ', 'Tortellini', 'Pasta with meatballs'];
const BREAKFAST = ['Fast foods, biscuit', 'Fast Foods, biscuit', 'Fast foods, croissant', 'Fast foods, english muffin', 'Fast foods, pancakes', 'Fast foods, french toast', 'Fast foods, bagel', 'Fast foods, egg, scrambled'];
const CAFE = ['Fast foods, croissant', 'Fast foods, danish pastry', 'Fast foods, bagel', 'Fast foods, english muffin', 'Fast foods, miniature cinnamon rolls', 'Fast foods, brownie', 'Fast foods, cookies'];
const SEAFOOD = ['Fast foods, shrimp', 'Fast foods, clams', 'Fast foods, scallops', 'Fast foods, oysters', 'Entrees, fish fillet', 'Entrees, crab cake', 'Fast foods, fish sandwich'];
const SALAD = ['Fast foods, salad', 'Fast foods, taco salad'];
const DESSERT = ['Fast foods, sundae', 'Fast foods, ice milk', 'Light Ice Cream'];
const MIDDLE_EASTERN = ['Falafel', 'Hummus'];
const HOT_DOG = ['Fast foods, hotdog'];

/** OSM cuisine values (https://wiki.openstreetmap.org/wiki/Key:cuisine) → what the built-in data has for them. */
export const CUISINE_DISHES: Record<string, string[]> = {
  burger: BURGER,
  american: [...BURGER, ...CHICKEN, ...HOT_DOG, ...SALAD],
  chicken: CHICKEN,
  fried_chicken: CHICKEN,
  sandwich: SANDWICH,
  sub: SANDWICH,
  mexican: MEXICAN,
  tex_mex: MEXICAN,
  tacos: MEXICAN,
  burrito: MEXICAN,
  pizza: PIZZA,
  italian: ITALIAN,
  pasta: ITALIAN,
  breakfast: BREAKFAST,
  diner: [...BREAKFAST, ...BURGER],
  coffee_shop: CAFE,
  cafe: CAFE,
  bakery: CAFE,
  seafood: SEAFOOD,
  fish: SEAFOOD,
  fish_and_chips: SEAFOOD,
  salad: SALAD,
  ice_cream: DESSERT,
  dessert: DESSERT,
  frozen_yogurt: DESSERT,
  hot_dog: HOT_DOG,
  kebab: MIDDLE_EASTERN,
  falafel: MIDDLE_EASTERN,
  lebanese: MIDDLE_EASTERN,
  middle_eastern: MIDDLE_EASTERN,
  greek: MIDDLE_EASTERN,
  turkish: MIDDLE_EASTERN,
};

/** When a place names no cuisine we know: what its kind of place usually serves. */
const BY_PLACE_TYPE: Record<string, string[]> = {
  fast_food: [...BURGER, ...CHICKEN, ...SANDWICH],
  cafe: CAFE,
};

/** The description prefixes for a place's cuisines (or, failing those, its type); empty when none is known. */
export function cuisineDishes(cuisines: string[], placeType?: string | null): { cuisines: string[]; prefixes: string[] } {
  const known = cuisines.map((c) => c.trim().toLowerCase().replace(/[\s-]+/g, '_')).filter((c) => c in CUISINE_DISHES);
  const prefixes = known.length ? known.flatMap((c) => CUISINE_DISHES[c]!) : (placeType && BY_PLACE_TYPE[placeType]) || [];
  return { cuisines: known, prefixes: [...new Set(prefixes)] };
}
