/**
 * How many grams a said amount of a food is (issue 41 item 1): from the food's own household measures (USDA's "1
 * large" egg, "1 slice" of bread, "1 cup" of rice), by weight or volume when the words give one, and, when no amount
 * is said, the portion people usually mean for that kind of food ("an egg" is a large egg, "toast" a slice, "coffee" a
 * cup, butter on toast half a tablespoon, milk in coffee a splash). Pure; no dependencies.
 */
export interface Serving {
  amount: number;
  unit: string;
  grams: number;
}

export interface PortionFood {
  /** The food's display name ("Egg, whole, raw"). */
  name: string;
  /** USDA's description ("Egg, whole, raw, fresh"), when there is one. */
  description?: string;
  /** USDA's food group ("Dairy and Egg Products"). */
  group?: string;
  /** Household measures, the product's default first. */
  servings: Serving[];
}

/** What a part of the sentence says of the amount, as the ingredient parser read it. */
export interface SaidAmount {
  /** null: no amount said ("toast"). */
  quantity: number | null;
  /** The unit's id ("cup", "tablespoon", "slice", "large", "glass"); null: none ("2 eggs"). */
  unit: string | null;
  /** Grams in one unit, when the unit is a weight (oz, g, lb). */
  unitGrams?: number | null;
  /** Millilitres in one unit, when the unit is a volume (cup, tbsp, glass, ml). */
  unitMl?: number | null;
}

/** The part this food plays in its sentence: eaten on its own, or with (on, in) the food before it. */
export interface PortionContext {
  role: 'main' | 'with';
  /** The food it goes with ("Coffee, brewed…" for milk in coffee). */
  partner?: string;
}

export interface Portion {
  quantity: number;
  /** The measure, as a label shows it: "large", "slice", "cup", "g". */
  unit: string;
  grams: number;
  /** How the grams were found, for people reading the answer. */
  how: string;
}

/** A portion: a measure of the food's own (by its unit's name), a volume, or a weight. */
export type PortionSpec = { serving: RegExp; amount?: number } | { ml: number } | { g: number };

export interface PortionRule {
  /** Tested on "name | description | group", lower case. */
  kind: RegExp;
  role?: PortionContext['role'];
  /** For a food eaten with another: that food's name. */
  partner?: RegExp;
  /** Tried in order; the first that the food can give is used. */
  portions: PortionSpec[];
  why: string;
}

const MILKS = /^(milk|soymilk|beverages?, (almond|oat|rice|soy)|cream|half and half|coffee creamer|cream substitute)/;

/**
 * The usual portion of a kind of food when no amount is said, first match wins. Data, not code: each row names the
 * food kind, and the portions it is eaten in, by the food's own measures first.
 */
export const USUAL_PORTIONS: PortionRule[] = [
  { kind: MILKS, role: 'with', partner: /coffee|tea|espresso|cappuccino|latte/i, portions: [{ ml: 45 }], why: 'a splash in a hot drink (3 tbsp)' },
  { kind: MILKS, role: 'with', partner: /cereal|oat|granola|muesli|porridge|flakes/i, portions: [{ ml: 120 }], why: 'half a cup on cereal' },
  { kind: /^(cream|half and half|coffee creamer|cream substitute)/, portions: [{ serving: /^tbsp\b/ }, { ml: 15 }], why: 'a tablespoon of cream' },
  { kind: /^egg, (whole|white|yolk)|^eggs?, whole/, portions: [{ serving: /^large\b/ }, { g: 50 }], why: 'a large egg' },
  { kind: /^butter|^margarine|spread, .*fat/, portions: [{ serving: /^tbsp\b/, amount: 0.5 }, { g: 7 }], why: 'half a tablespoon (between a pat and a tablespoon)' },
  { kind: /^peanut butter|nut butter|almond butter|sesame butter|tahini|chocolate-flavored hazelnut spread/, portions: [{ serving: /^tbsp\b/, amount: 1.5 }, { g: 24 }], why: 'a tablespoon and a half' },
  { kind: /^(jams|jellies|jelly|honey|marmalade|syrups?|preserves)/, portions: [{ serving: /^tbsp\b/ }, { g: 20 }], why: 'a tablespoon' },
  { kind: /^cheese, cream|cream cheese/, portions: [{ serving: /^tbsp\b/, amount: 2 }, { g: 29 }], why: 'two tablespoons' },
  { kind: /^(oil|salad dressing|mayonnaise|dressing)|, dressing\b|^sauce, (pesto|hollandaise)/, portions: [{ serving: /^tbsp\b/ }, { ml: 15 }], why: 'a tablespoon' },
  { kind: /^(sugars?|sweeteners?)\b/, portions: [{ serving: /^tsp\b/ }, { g: 4 }], why: 'a teaspoon' },
  { kind: /^salt\b|^spices?\b|^pepper, black|^spices, pepper/, portions: [{ g: 1 }], why: 'a pinch' },
  { kind: /\bespresso\b/, portions: [{ ml: 30 }], why: 'a shot of espresso' },
  { kind: /\bbeer\b/, portions: [{ serving: /^can\b/ }, { ml: 355 }], why: 'a 12 fl oz can or bottle' },
  { kind: /\bwine\b/, portions: [{ serving: /5 fl oz/ }, { ml: 148 }], why: 'a 5 fl oz glass' },
  { kind: /distilled|\b(vodka|whiskey|whisky|gin|rum|tequila|brandy|liqueur)\b/, portions: [{ ml: 44 }], why: 'a 1.5 fl oz shot' },
  { kind: /carbonated beverage|\bcola\b|\bsoda\b|energy drink/, portions: [{ serving: /^can\b/ }, { ml: 355 }], why: 'a 12 fl oz can' },
  { kind: /^(coffee|tea|milk|soymilk|water|lemonade|cocoa|hot chocolate|smoothie|kefir|buttermilk)\b|\bjuice\b|\bbeverages?\b|\bdrink\b/, portions: [{ ml: 240 }], why: 'a cup (8 fl oz)' },
  { kind: /^bread\b.*\btoasted\b/, portions: [{ serving: /^slice, large\b/ }, { serving: /^slice\b/ }, { g: 27 }], why: 'a slice, toasted' },
  { kind: /^(bread|toast)\b|^rolls?\b|^french toast/, portions: [{ serving: /^slice\b(?!, (large|thick))/ }, { serving: /^slice\b/ }, { serving: /^(roll|medium|piece)\b/ }, { g: 28 }], why: 'a slice' },
  { kind: /^(bagels?|english muffins?|muffins?|croissants?|biscuits?|tortillas?|pita|waffles?|pancakes?|doughnuts?)\b/, portions: [{ serving: /^medium\b/ }, { serving: /^(bagel|muffin|croissant|biscuit|tortilla|pita|waffle|pancake|doughnut|piece)\b/ }, { serving: /^(large|small)\b/ }], why: 'one' },
  { kind: /^cereals ready-to-eat/, portions: [{ serving: /^cup\b/ }, { serving: /nlea|serving/i }, { g: 30 }], why: 'a cup of cereal' },
  { kind: /^cereals?\b.*\b(cooked|prepared)\b|\boatmeal\b|\bporridge\b|\bgrits\b/, portions: [{ serving: /^cup\b/ }, { ml: 240 }], why: 'a cup, cooked' },
  { kind: /^(rice|pasta|spaghetti|macaroni|noodles|quinoa|couscous|bulgur|barley)\b.*\bcooked\b/, portions: [{ serving: /^cup\b/ }, { ml: 240 }], why: 'a cup, cooked' },
  { kind: /^(nuts|seeds|trail mix)\b|\b(almonds|peanuts|cashews|walnuts|pistachios|pecans)\b/, portions: [{ g: 28.35 }], why: 'an ounce (a small handful)' },
  { kind: /^cheese\b/, portions: [{ serving: /^slice\b/ }, { g: 28.35 }], why: 'a slice or an ounce' },
  { kind: /^(candies|chocolate)\b|\bchocolate, (dark|milk)\b/, portions: [{ g: 28.35 }], why: 'an ounce' },
  { kind: /^yogu?rt\b/, portions: [{ g: 170 }], why: 'a 6 oz pot' },
  { kind: /^(ice creams?|frozen yogurts?)\b/, portions: [{ serving: /^(cup|scoop)\b/, amount: 0.5 }, { ml: 120 }], why: 'half a cup' },
  { kind: /\bbacon\b/, portions: [{ serving: /^slice\b/, amount: 2 }, { g: 16 }], why: 'two slices' },
  { kind: /\bsausages?\b|\bfrankfurter\b|\bhot dog\b/, portions: [{ serving: /^(link|sausage|frankfurter|serving)\b/ }, { g: 75 }], why: 'one link' },
  { kind: /^ham\b|deli|luncheon|bologna|salami|turkey, .*sliced|pastrami/, portions: [{ serving: /^slice\b/, amount: 2 }, { g: 56 }], why: 'two slices' },
  { kind: /\bsteak\b|\bsirloin\b|\bribeye\b|\brib eye\b|\bt-bone\b|\bporterhouse\b|\btenderloin\b/, portions: [{ g: 170 }], why: 'a 6 oz steak, cooked' },
  { kind: /\|\s*(poultry products|beef products|pork products|lamb, veal, and game products|finfish and shellfish products)/, portions: [{ g: 113 }], why: 'a 4 oz portion, cooked' },
  { kind: /^(lettuce|spinach, raw|salad greens|arugula|mixed greens|cornsalad)/, portions: [{ serving: /nlea/i }, { serving: /^cup\b/, amount: 2 }, { g: 85 }], why: 'a side salad' },
  { kind: /^(potato|potatoes|sweet potato)\b/, portions: [{ serving: /\bmedium\b/ }, { serving: /^(potato|1 potato)\b/ }], why: 'a medium potato' },
  { kind: /berries|^grapes\b|^cherries\b|^(blueberries|raspberries|strawberries|blackberries)\b/, portions: [{ serving: /^cup\b/ }], why: 'a cup' },
  { kind: /\|\s*fruits and fruit juices/, portions: [{ serving: /\bmedium\b/ }, { serving: /^(fruit|whole|large)\b/ }, { serving: /^cup\b/ }], why: 'a medium fruit' },
  { kind: /\|\s*vegetables and vegetable products/, portions: [{ serving: /^cup\b/ }, { serving: /\bmedium\b/ }], why: 'a cup' },
  { kind: /\bsoups?\b|\bchili\b|\bstew\b/, portions: [{ serving: /^cup\b/ }, { ml: 240 }], why: 'a cup' },
  { kind: /\bpizza\b/, portions: [{ serving: /^slice\b/ }, { serving: /^piece\b/ }], why: 'a slice' },
  { kind: /\bsandwich\b|\bburger\b|\bhamburger\b|\bburrito\b|\btaco\b|\bwrap\b/, portions: [{ serving: /^(sandwich|item|burger|burrito|taco|each|serving)\b/ }], why: 'one' },
];

/** The food's own measures by the said unit's id. */
const UNIT_MEASURES: Record<string, RegExp> = {
  cup: /^cups?\b/i,
  tablespoon: /^(tbsp|tablespoons?)\b/i,
  teaspoon: /^(tsp|teaspoons?)\b/i,
  'fluid ounce': /^fl\.? oz\b|^fluid ounces?\b/i,
  slice: /^slices?\b/i,
  piece: /^(pieces?|pc)\b/i,
  can: /^cans?\b/i,
  bottle: /^bottles?\b/i,
  pat: /^pats?\b/i,
  stick: /^sticks?\b/i,
  clove: /^cloves?\b/i,
  strip: /^(strips?|slices?)\b/i,
  scoop: /^scoops?\b/i,
  bar: /^bars?\b/i,
  square: /^(squares?|pieces?)\b/i,
  container: /^containers?\b/i,
  packet: /^(packets?|packages?|pouch)\b/i,
  fillet: /^fillets?\b/i,
  serving: /^servings?\b/i,
  large: /^large\b/i,
  medium: /^medium\b/i,
  small: /^small\b/i,
  head: /^heads?\b/i,
  stalk: /^stalks?\b/i,
  ear: /^ears?\b/i,
  link: /^links?\b/i,
};

/** A measure that is one of the thing itself ("1 medium", "1 large", "1 fruit", "1 breast"): what "2 eggs" counts. */
const ONE_ITEM = /^(medium|whole|large|fruit|item|each|egg|banana|apple|orange|peach|pear|pepper|tomato|carrot|potato|onion|breast|thigh|drumstick|wing|fillet|steak|chop|patty|link|sausage|frankfurter|bagel|muffin|roll|biscuit|croissant|tortilla|pancake|waffle|cookie|bar|piece|sandwich|burger|taco|burrito|avocado|lemon|lime|kiwifruit|plum|nectarine|tangerine|clementine|mango|slice)\b/i;

const unitLabel = (unit: string) =>
  unit
    .replace(/\s*\(.*$/, '')
    .replace(/,.*$/, '')
    .trim() || unit;

/** The plainest measure whose unit matches: "cup" before "cup, chopped"; whole amounts before halves. */
function measure(food: PortionFood, re: RegExp): Serving | undefined {
  return food.servings.filter((s) => re.test(s.unit) && s.grams > 0 && s.amount > 0).sort((a, b) => a.unit.length - b.unit.length)[0];
}

const gramsPer = (s: Serving) => s.grams / s.amount;

/** Grams in a millilitre of the food: from its cup, tablespoon, teaspoon or fl oz measure, else water's. */
export function density(food: PortionFood): { gPerMl: number; from: string } {
  const volumes: [RegExp, number][] = [
    [/^cups?\b(?!.*\b(chopped|sliced|diced|cubes?|pieces?|crumbs|shredded|mashed|halves|whole|sections|florets?|flowerets)\b)/i, 236.588],
    [/^fl\.? oz\b|^fluid ounces?\b/i, 29.574],
    [/^(tbsp|tablespoons?)\b/i, 14.787],
    [/^(tsp|teaspoons?)\b/i, 4.929],
    [/^cups?\b/i, 236.588],
  ];
  for (const [re, ml] of volumes) {
    const s = measure(food, re);
    if (s) return { gPerMl: gramsPer(s) / ml, from: `${s.unit}` };
  }
  return { gPerMl: 1, from: 'water' };
}

function fromSpec(spec: PortionSpec, food: PortionFood): { grams: number; unit: string; quantity: number } | null {
  if ('g' in spec) return { grams: spec.g, unit: 'g', quantity: spec.g };
  if ('ml' in spec) {
    const d = density(food);
    return { grams: spec.ml * d.gPerMl, unit: 'ml', quantity: spec.ml };
  }
  const s = measure(food, spec.serving);
  if (!s) return null;
  const amount = spec.amount ?? 1;
  return { grams: amount * gramsPer(s), unit: unitLabel(s.unit), quantity: amount };
}

const haystack = (food: PortionFood) => `${food.name} | ${food.description ?? ''} | ${food.group ?? ''}`.toLowerCase();

/** The usual portion of the food in its context: a row of USUAL_PORTIONS, else one of the thing, else its default measure, else 100 g. */
export function usualPortion(food: PortionFood, ctx: PortionContext = { role: 'main' }): Portion {
  const hay = haystack(food);
  for (const rule of USUAL_PORTIONS) {
    if (!rule.kind.test(hay)) continue;
    if (rule.role && rule.role !== ctx.role) continue;
    if (rule.partner && !(ctx.partner && rule.partner.test(ctx.partner))) continue;
    for (const spec of rule.portions) {
      const p = fromSpec(spec, food);
      if (p) return { ...p, how: `usual portion: ${rule.why}` };
    }
  }
  const one = measure(food, ONE_ITEM);
  if (one) return { quantity: 1, unit: unitLabel(one.unit), grams: gramsPer(one), how: `one ${unitLabel(one.unit)}` };
  const first = food.servings.find((s) => s.grams > 0 && s.amount > 0);
  if (first) return { quantity: first.amount, unit: unitLabel(first.unit), grams: first.grams, how: `the food's first measure` };
  return { quantity: 100, unit: 'g', grams: 100, how: 'no measure: 100 g' };
}

/** One of the thing, for "2 eggs", "2 chicken breasts", "a piece of": the usual portion (a large egg, a slice, 4 oz of chicken). */
function oneOf(food: PortionFood, ctx: PortionContext): Portion {
  return usualPortion(food, ctx);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Grams of the amount said. Weights are exact; a unit the food has a measure of uses it ("a slice" of bread is
 * its slice, "a cup" of rice its cooked cup); other volumes go by the food's density; sizes by its small, medium and
 * large measures; a count or nothing said by the usual portion. Null when the unit cannot be turned into grams.
 */
export function portionFor(said: SaidAmount, food: PortionFood, ctx: PortionContext = { role: 'main' }): Portion | null {
  const q = said.quantity ?? 1;
  const u = said.unit;
  const done = (grams: number, unit: string, how: string, quantity = q): Portion => ({ quantity: round1(quantity * 1000) / 1000, unit, grams: round1(grams), how });
  if (!u) {
    const one = said.quantity === null ? usualPortion(food, ctx) : oneOf(food, ctx);
    return done(q * one.grams, one.unit, one.how, q * one.quantity);
  }
  if (said.unitGrams) return done(q * said.unitGrams, u === 'gram' ? 'g' : u, 'weight');
  // The usual portion when it is in the said unit ("a slice" of toast is the usual large slice), else the plainest measure.
  const usual = UNIT_MEASURES[u] ? usualPortion(food, ctx) : undefined;
  if (usual && UNIT_MEASURES[u]!.test(usual.unit) && usual.quantity > 0) return done((q * usual.grams) / usual.quantity, usual.unit, usual.how);
  const own = UNIT_MEASURES[u] ? measure(food, UNIT_MEASURES[u]!) : undefined;
  if (own) return done(q * gramsPer(own), unitLabel(own.unit), `the food's measure "${own.amount} ${own.unit}"`);
  if (said.unitMl) {
    const d = density(food);
    return done(q * said.unitMl * d.gPerMl, u, `${round1(said.unitMl)} ml a ${u} at the density of ${d.from === 'water' ? 'water' : `the food (${d.from})`}`);
  }
  if (u === 'small' || u === 'medium' || u === 'large') {
    const base = oneOf(food, ctx);
    const factor = u === 'small' ? 0.75 : u === 'large' ? 1.3 : 1;
    return done(q * base.grams * factor, u, `${u}: ${factor} × ${base.how}`);
  }
  if (u === 'handful') {
    const hay = haystack(food);
    const fruit = /\|\s*(fruits and fruit juices|vegetables and vegetable products)/.test(hay) && !/\bdried\b/.test(hay);
    if (fruit) {
      const cup = fromSpec({ serving: /^cups?\b/, amount: 0.5 }, food) ?? { grams: 75 };
      return done(q * cup.grams, 'handful', 'a handful: half a cup');
    }
    return done(q * 28.35, 'handful', 'a handful: an ounce');
  }
  if (u === 'pat') return done(q * 5, 'pat', 'a pat: 5 g');
  if (u === 'serving' || u === 'piece' || u === 'square' || u === 'bar' || u === 'container' || u === 'packet' || u === 'fillet' || u === 'slice' || u === 'strip' || u === 'scoop' || u === 'can' || u === 'bottle') {
    const special: Record<string, PortionSpec[]> = {
      can: [{ ml: 355 }],
      bottle: [{ ml: 355 }],
      scoop: [{ ml: 70 }],
      square: [{ g: 10 }],
      strip: [{ g: 8 }],
    };
    for (const spec of special[u] ?? []) {
      const p = fromSpec(spec, food);
      if (p) return done(q * p.grams, u, `a ${u}: ${p.quantity} ${p.unit}`);
    }
    const base = oneOf(food, ctx);
    return done(q * base.grams, u, `a ${u}: ${base.how}`);
  }
  return null;
}
