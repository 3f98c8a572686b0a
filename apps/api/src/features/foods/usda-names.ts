/**
 * What the USDA wording means to a person: friendly display names, the words that say what a food is
 * (its "head"), and a commonness prior so that everyday generic forms rank above baby food, restaurant
 * dishes and odd preparations. Pure functions; the seed loader stores their results.
 */

export const FOOD_GROUPS: Record<string, string> = {
  '0100': 'Dairy and Egg Products', '0200': 'Spices and Herbs', '0300': 'Baby Foods', '0400': 'Fats and Oils',
  '0500': 'Poultry Products', '0600': 'Soups, Sauces, and Gravies', '0700': 'Sausages and Luncheon Meats',
  '0800': 'Breakfast Cereals', '0900': 'Fruits and Fruit Juices', '1000': 'Pork Products',
  '1100': 'Vegetables and Vegetable Products', '1200': 'Nut and Seed Products', '1300': 'Beef Products',
  '1400': 'Beverages', '1500': 'Finfish and Shellfish Products', '1600': 'Legumes and Legume Products',
  '1700': 'Lamb, Veal, and Game Products', '1800': 'Baked Products', '1900': 'Sweets',
  '2000': 'Cereal Grains and Pasta', '2100': 'Fast Foods', '2200': 'Meals, Entrees, and Sidedishes',
  '2500': 'Snacks', '3500': 'American Indian/Alaska Native Foods', '3600': 'Restaurant Foods',
};

/** Splits on commas outside parentheses: "Bread, white (includes a, b)" → ["Bread", "white (includes a, b)"]. */
export function segments(desc: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of desc) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

const KEEP_PLURAL = new Set(['oats', 'grits', 'hummus', 'asparagus', 'couscous', 'molasses', 'swiss', 'brussels', 'nuts', 'seeds', 'beverages', 'sweets', 'snacks', 'spices', 'peas', 'beans', 'greens', 'sprouts', 'cookies', 'crackers', 'noodles', 'chips', 'lentils', 'candies', 'cereals', 'mollusks', 'crustaceans', 'pickles', 'onions', 'peppers', 'fast', 'oils', 'mushrooms', 'shallots']);

/** English plural → singular for the first word of a food name ("Bananas" → "Banana", "Cherries" → "Cherry"). */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length < 4 || KEEP_PLURAL.has(w) || /(ss|us|is)$/.test(w)) return word;
  const keepCase = (s: string) => (word[0] === word[0].toUpperCase() ? s[0].toUpperCase() + s.slice(1) : s);
  if (w.endsWith('ies')) return keepCase(w.slice(0, -3) + 'y');
  if (/(toes|goes|ches|shes|xes|sses)$/.test(w)) return keepCase(w.slice(0, -2));
  if (w.endsWith('s')) return keepCase(w.slice(0, -1));
  return word;
}

/** Fillers that make USDA names long without telling a person anything. */
const DROP_SEGMENTS = [/^fluid$/i, /^with added vitamin a( and vitamin d)?$/i, /^broilers or fryers$/i, /^fresh$/i, /^all classes$/i, /^commercial$/i, /^all commercial varieties$/i, /^u\.?s\.? ?commodity$/i];

/** "Bananas, raw" → "Banana, raw"; "Milk, reduced fat, fluid, 2% milkfat, with added vitamin A" → "Milk, 2% reduced fat". */
/** Acronyms that stay upper case when a brand name is title-cased. */
const ACRONYMS = new Set(['USDA', 'NFS', 'RTE', 'UHT', 'II', 'III', 'KFC', 'BBQ', 'USA', 'TCBY', 'XL', 'LS']);

/** "McDONALD'S" → "McDonald's", "BIG MAC" → "Big Mac": SR21 writes brand names in capitals. */
export function brandCase(text: string): string {
  return text.replace(/\b(Mc|Mac)?([A-Z][A-Z'&.-]*[A-Z])(?![a-z])/g, (m, mc: string | undefined, w: string) =>
    ACRONYMS.has(w) && !mc ? m : (mc ?? '') + w[0] + w.slice(1).toLowerCase(),
  );
}

/** A first segment that is only a brand ("McDONALD'S", "BURGER KING"): the product follows it in the name. */
const BRAND_ONLY = /^(Mc|Mac)?[A-Z][A-Z'&. -]*$/;
/** How much a maker's product ranks below the plain food (commonness): at 3 "ritz crackers" lost the Ritz, below 2 "french fries" gave only chains' fries (RESULTS.md, set 6). */
const MAKER_PENALTY = 2;
/** A first segment that is only a maker's name: "McDONALD'S", "KENTUCKY FRIED CHICKEN", "CAMPBELL Soup Company". */
const MAKER = /^((Mc|Mac)?[A-Z][A-Z'&. -]*|[A-Z]{3,}[A-Z'&. -]* (Soup Company|Company|Foods|Corp))$/;

export function friendlyName(desc: string): string {
  const first = segments(desc)[0] ?? '';
  if (BRAND_ONLY.test(first) && /[A-Z]{3}/.test(first)) {
    // "McDONALD'S, BIG MAC" → "McDonald's Big Mac": the brand reads as part of the name, never singularised.
    const [brand, ...rest] = segments(desc);
    return brandCase([`${brand} ${rest[0] ?? ''}`.trim(), ...rest.slice(1)].join(', '));
  }
  let segs = segments(desc)
    .map((s) => s.replace(/\s*\(includes [^)]*\)/i, '').trim())
    .filter((s) => s && !DROP_SEGMENTS.some((r) => r.test(s)));
  if (segs.length === 0) return desc;
  // Milk: put the fat level first the way the carton says it.
  if (/^milk$/i.test(segs[0])) {
    const pct = segs.find((s) => /^\d(\.\d+)?% milkfat$/i.test(s));
    const kind = segs.find((s) => /^(reduced fat|lowfat|nonfat|whole)$/i.test(s));
    if (kind && pct && !/whole/i.test(kind)) {
      segs = ['Milk', `${pct.replace(/ milkfat/i, '')} ${kind.toLowerCase()}`, ...segs.slice(1).filter((s) => s !== pct && s !== kind)];
    }
    segs = segs.map((s) => s.replace(/^with added vitamin a\b.*$/i, '').replace(/\(fat free or skim\)/i, '(skim)').trim()).filter(Boolean);
  }
  const head = segs[0].split(' ');
  // Only ordinary words are made singular: "CAMPBELL'S" is a name.
  if (!/[A-Z]{2}|'/.test(head[0]!)) head[0] = singular(head[0]!);
  segs[0] = head.join(' ');
  return /[A-Z]{3}/.test(segs.join(', ')) ? brandCase(segs.join(', ')) : segs.join(', ');
}

/** Category words USDA puts first ("Cheese, mozzarella", "Nuts, walnuts"): the next segment says what the food is. */
const CATEGORY_FIRST = /^(cheese|nuts|seeds|beverages|spices|fish|candies|cereals( ready-to-eat)?|snacks|crustaceans|mollusks|babyfood|soup|sauce|salad dressing|game meat|fast foods?|restaurant|alcoholic beverage|carbonated beverage|poultry food products|infant formula|usda commodity|oil|vegetable oil|syrups|leavening agents|gelatin desserts|puddings|frostings|toppings|pie fillings|sweeteners|spices, [a-z ]+|ham)$/i;
const MEATS = /^(chicken|turkey|beef|pork|lamb|veal|duck|goose)$/i;
/** One word that tells how a food was made ("distilled", "sliced", "formulated"). */
const PARTICIPLE = /^[a-z]+ed$/i;
/** Words in a core segment that do not make it a different food. */
const FILLER = /\b(type|all types|all varieties|all commercial varieties|mature seeds|cured|fresh|whole|kernels)\b/gi;

/**
 * "core | more": the core names the food (its words all count against a result when the query did not
 * ask for them); "more" adds words that still identify it (the meat cut, the category, synonyms).
 */
export function headWords(desc: string): string {
  const segs = segments(desc).filter((s) => !DROP_SEGMENTS.some((r) => r.test(s)));
  const first = segs[0] ?? '';
  const isCategory = CATEGORY_FIRST.test(first) && segs.length > 1;
  // After a category, a lone participle says how the food was made, not what it is: "Alcoholic beverage,
  // distilled, whiskey, 86 proof" is a whiskey, "Ham, sliced, regular" a ham; the food is named next.
  // So does a maker's name before a product's, both in capitals: "Cereals ready-to-eat, GENERAL MILLS, CHEERIOS"
  // is Cheerios ("Cereals, QUAKER, Instant Oatmeal" stays a Quaker cereal: the product is no name of its own).
  const brandFirst = BRAND_ONLY.test(segs[1] ?? '') && /[A-Z]{3}/.test(segs[1] ?? '') && /[A-Z]{3}/.test(segs[2] ?? '');
  // "Oil, vegetable, canola" is a canola oil: "vegetable" there only says which kind of oil, like a participle.
  const oilKind = /^oil$/i.test(first) && /^vegetable$/i.test(segs[1] ?? '');
  const made = isCategory && segs.length > 2 && (PARTICIPLE.test(segs[1]!) || brandFirst || oilKind) ? 1 : 0;
  // A maker's name first ("CAMPBELL Soup Company, PACE, Green Taco Sauce", "NABISCO, NABISCO RITZ Crackers",
  // "McDONALD'S, FILET-O-FISH"): the product, after any more brand names, is the food, and the makers only
  // identify it. Before, the maker was the noun, so a taco sauce was no sauce and lost to a guava sauce.
  const maker = !isCategory && segs.length > 1 && MAKER.test(first);
  let product = 1;
  while (maker && product < segs.length - 1 && BRAND_ONLY.test(segs[product]!)) product++;
  const core = (maker ? segs[product]! : isCategory ? segs[1 + made]! : first).replace(/\([^)]*\)/g, ' ').replace(FILLER, ' ');
  const more: string[] = maker ? segs.slice(0, product) : isCategory ? [first, ...(made ? [segs[1]!] : [])] : [];
  if (MEATS.test(first)) {
    // "Pork, fresh, loin, center loin (chops)": the cut is in the next segments, after fillers.
    for (const seg of segs.slice(1, 4)) if (!/raw|cooked|meat only|meat and skin|separable|all grades/i.test(seg)) more.push(seg);
  }
  // Synonyms of the core, and of what the first words say in parentheses ("Cowpeas, common (blackeyes, …)").
  const syn = synonymsFor([core, ...(segs.slice(0, 2).join(', ').match(/\([^)]*\)/g) ?? [])].join(' '));
  // A name in parentheses beside the first words is another name of the food: "Plums, dried (prunes)",
  // "Coriander (cilantro) leaves", "Tangerines, (mandarin oranges)". One word names the kind of food
  // (prunes are what the food is); two only describe it ("Salsify, (vegetable oyster)" is no oyster, a
  // "Pitanga, (surinam-cherry)" no cherry).
  // A list in parentheses is what the food is made of: "Vegetables, mixed (corn, lima beans, …)".
  const aliases = (segs.slice(0, 2).join(', ').match(/\(([a-z][a-z-]*(?: [a-z][a-z-]*)?)\)/gi) ?? []).map((m) => m.slice(1, -1)).filter((a) => !NOT_ALIAS.test(a));
  const clean = (x: string) => x.toLowerCase().replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
  // "*" marks the nouns that say what kind of thing the food is (the text search ignores it): the last word
  // of the core ("Sour cream" is a cream, "Chili with beans" a chili), of a leading category ("Cheese,
  // cream" is a cheese) and of a meat's cut ("Pork, cured, bacon" is bacon).
  const markNoun = (x: string) => clean(x).replace(/^(.*?[a-z0-9%])([^a-z0-9%]*)((\bwith\b.*)?)$/, '$1*$2$3');
  // "Cereals ready-to-eat" are cereals.
  const marked = more.map((m, i) => (!maker && ((i === 0 && isCategory) || !isCategory) ? markNoun(m.replace(/ ready-to-eat$/i, '')) + (/ ready-to-eat$/i.test(m) ? ' ready-to-eat' : '') : clean(m)));
  for (const a of aliases) marked.push(/[ -]/.test(a) ? clean(a) : markNoun(a));
  if (syn) marked.push(syn);
  // USDA puts the noun first and a modifier after it: "Cream, sour" is sour cream, "Milk, chocolate" chocolate
  // milk. The modifier names the food only together with its noun ("Bread, oatmeal" is no oatmeal).
  const modifierWords = segs[1]?.split(' ').filter((w) => !/^(and|or|with|of)$/i.test(w)) ?? [];
  const modifier = !isCategory && !maker && !MEATS.test(first) && segs[1] && !/\(/.test(segs[1]) && modifierWords.length <= 2 && !STATE.test(segs[1]) ? segs[1] : '';
  // …unless it is itself one of that kind, in one word: "Milk, buttermilk" is a buttermilk, "Bread, cornbread" a cornbread.
  const coreNoun = clean(core).split(' ').at(-1) ?? '';
  const ownKind = modifierWords.length === 1 && coreNoun.length >= 3 && clean(modifier).endsWith(coreNoun) && clean(modifier) !== coreNoun;
  return `${markNoun(core)} | ${clean(marked.join(' '))}${modifier ? ` | ${ownKind ? markNoun(modifier) : clean(modifier)}` : ''}`;
}

/** Parenthesised words that are no other name of the food. */
const NOT_ALIAS = /\b(includes?|approx|partially|hydrogenated|decorticated|alaska|native|navajo|hopi|shoshone|apache|ns|nfs|usda|commodity|year|average|made|with|without|prepared|cooked|raw|frozen|canned|dry|dried|mixed|species)\b/i;

/** Words of a second segment that tell the state, preparation or grade, not the kind of food. */
const STATE = /\b(raw|cooked|boiled|baked|roasted|fried|canned|frozen|dried|dry|fresh|prepared|unprepared|drained|salt|regular|plain|enriched|unenriched|commercial|commercially|ns|nfs|all|mature|immature|sweetened|unsweetened|imitation)\b/i;

/** Everyday names people type for USDA wording, added to the searchable text. */
const TEXT_SYNONYMS: [RegExp, string][] = [
  [/\bcatsup\b/i, 'ketchup'],
  [/\byogurt\b/i, 'yoghurt'],
  // Part-skim is no skim: "Cheese, mozzarella, part skim milk" is not fat free.
  [/\bnonfat\b.*\bskim\b|(?<!part )\bskim\b/i, 'skim fat free'],
  [/\breduced[- ]calorie\b|\blow calorie\b|\bwith aspartame\b|\bsugar[- ]free\b|\bno sugar added\b/i, 'sugar free'],
  [/\b2% milkfat\b/i, '2% two percent'],
  [/\b1% milkfat\b/i, '1% one percent'],
  [/\bgarbanzo\b/i, 'chickpea chickpeas'],
  [/\bsoymilk\b/i, 'soy milk'],
  [/\bchickpeas?\b/i, 'garbanzo'],
  [/\bcarbonated beverage\b/i, 'soda pop soft drink'],
  [/\bfrankfurter\b/i, 'hot dog'],
  [/\bkiwi ?fruit\b/i, 'kiwi'],
  [/\bzucchini\b/i, 'courgette'],
  [/\beggplant\b/i, 'aubergine'],
  [/\bscallions?\b|\bspring onions?\b/i, 'green onion scallion'],
  [/\bcilantro\b/i, 'coriander'],
  [/\bgarbanzo\b/i, 'hummus'],
  [/\boatmeal\b|\boats\b/i, 'oatmeal porridge oats'],
  [/\bfrench fr/i, 'frenchfries chips'],
  [/\bcola\b/i, 'coke soda'],
  [/\bground\b.*\bbeef\b|\bbeef\b.*\bground\b/i, 'hamburger mince'],
  [/\bbell\b|\bsweet, (red|green|yellow)\b/i, 'bell pepper'],
  [/\bpeppers, sweet\b/i, 'bell pepper capsicum'],
  [/\bmacaroni\b|\bspaghetti\b/i, 'pasta'],
  [/\bbeverages, coffee, brewed\b/i, 'black coffee'],
  [/\bbeverages, tea\b/i, 'tea'],
  // USDA's word, then the one on menus and in shops.
  [/\bsquid\b/i, 'calamari'],
  [/\blitchis?\b/i, 'lychee'],
  [/\bbutter oil\b/i, 'ghee'],
  [/\bgelatin desserts?\b/i, 'jello jelly'],
  [/\bgame meat, deer\b|^deer\b/i, 'venison'],
  [/\bblackeyes\b/i, 'black eyed peas'],
  [/^collards\b/i, 'collard greens'],
  [/^mung beans, mature seeds, sprouted\b/i, 'bean sprouts'],
  [/^cream substitute\b/i, 'coffee creamer non-dairy'],
  [/^milk, dry\b/i, 'powdered milk'],
  [/\bcrookneck\b/i, 'yellow squash'],
  [/^cheese, monterey\b/i, 'monterey jack pepper jack'],
  [/\bpak-choi\b|\bbok choy\b/i, 'bok choy pak choi'],
  [/\bpork skins\b/i, 'pork rinds cracklings'],
  [/\bportabella\b/i, 'portobello'],
  [/\bcrayfish\b/i, 'crawfish crawdad'],
  [/\bdolphinfish\b/i, 'mahi mahimahi'],
  [/^lima beans\b/i, 'butter beans'],
  [/^beef, (loin, )?tenderloin\b/i, 'filet mignon'],
  [/^kentucky fried chicken\b/i, 'kfc'],
  [/^potato puffs\b/i, 'tater tots'],
  [/\bpepper-type\b/i, 'dr pepper'],
  [/\bclub soda\b|\bperrier\b/i, 'sparkling water seltzer'],
  [/\blentils, pink\b/i, 'red lentils'],
  [/\btwizzlers\b/i, 'licorice'],
  [/^bread, .*\btoasted\b/i, 'toast'],
  [/\bhashed brown\b/i, 'hash browns home frenchfries'],
  [/^cranberries, dried\b/i, 'craisins'],
  [/^cereals, oats, regular and quick\b/i, 'rolled oats old-fashioned'],
  [/^cookies, fig bars\b/i, 'fig newtons'],
  [/^chicken, .*\bwing\b/i, 'buffalo wings hot wings'],
  [/\bomelet\b/i, 'omelette'],
  [/\bsalad, vegetable, tossed\b/i, 'garden salad side salad green salad'],
  [/^(straw|blue|rasp|black|boysen|cran|elder|goose|mul|huckle)berries\b/i, 'berries berry'],
  [/^egg substitute\b/i, 'egg beaters'],
  [/\bsemisweet chocolate\b/i, 'chocolate chips'],
  [/^cassava\b/i, 'yuca yucca manioc'],
  [/^potato pancakes\b/i, 'latkes'],
  [/^(crustaceans|mollusks)\b/i, 'shellfish'],
  [/^alcoholic beverage, distilled\b/i, 'liquor spirits'],
  [/^egg, whole, cooked, fried\b/i, 'sunny side up over easy'],
  [/^beef, short loin, top loin\b/i, 'new york strip steak'],
];

export function synonymsFor(desc: string): string {
  return TEXT_SYNONYMS.filter(([re]) => re.test(desc)).map(([, w]) => w).join(' ');
}

interface Rule {
  re: RegExp;
  w: number;
}
const GROUP_PRIOR: Record<string, number> = {
  '0300': -3, '3500': -2.5, '3600': -1.6, '2100': -1.6, '2200': -0.9, '0600': -0.8, '0800': -0.2, '1900': -0.2,
  '0900': 0.3, '1100': 0.3, '0100': 0.3, '0500': 0.2, '1200': 0.2, '2000': 0.2, '1500': 0.1, '1600': 0.1,
};
const RAW_OR_FRESH: Rule = { re: /\braw\b|\bfresh\b|\bplain\b/i, w: 0.5 };
const DESC_RULES: Rule[] = [
  { re: /\bbaby ?food|\binfant formula|\btoddler|\bjunior\b|\bstrained\b/i, w: -2.5 },
  { re: /\brestaurant|\bfast food|\bschool lunch|\bfood distribution program|\busda commodity|\bcommodity\b/i, w: -1.4 },
  { re: /\bprepared with (?!(tap )?water|calcium|nigari|magnesium)|\bprepared from recipe|\bmade with|\bmade from|\bfrom concentrate\b/i, w: -0.7 },
  { re: /\bcanned\b|\bfrozen\b|\bdehydrated\b|\bpowder\b|\bconcentrate\b|\binstant\b/i, w: -0.5 },
  { re: /\bdried\b|\bsweetened\b|\bsyrup\b|\bheavy syrup\b|\blight syrup\b/i, w: -0.35 },
  { re: /\bfortified\b|\bimitation\b|\bsubstitute\b|\bspecial dietary\b|\blow sodium\b|\breduced sodium\b|\bglucose reduced\b|\bstabilized\b|\bindustrial\b|\bproducer\b|\bfilled\b|\bnonfat milk solids\b|\bimported\b|\bmicrowave|\bunheated\b|\bheated\b|\bboiled, drained, with salt\b/i, w: -0.45 },
  { re: /\breduced[- ]calorie|\blow[- ]calorie|\bdiet\b|\bcholesterol[- ]free|\blight\b|\bfat[- ]free|\blow[- ]fat\b|\breduced[- ]fat|\bno sugar added|\blower fat/i, w: -0.8 },
  { re: /\bleaves\b|\bstalks\b|\bflower clusters\b|\bpeel\b|\bgiblets\b|\bliver\b|\bheart\b|\bgizzard|\bvariety meats|\bby-products|\bskin only\b|\bneck\b|\bback\b|\bfeet\b|\bseparable fat\b|\bmeatless\b|\bgrass-fed\b/i, w: -0.6 },
  { re: /\bdry\b(?! roasted| heat)|\bdry mix\b|\bunpopped\b/i, w: -0.35 },
  { re: /\balaska native|\bnavajo|\bhopi|\bshoshone|\bapache|\bnorthern plains|\bsouthwest\b|\bmoose\b|\bcaribou\b|\bseal\b|\bwhale\b|\bwalrus\b|\bbear\b/i, w: -1.5 },
  RAW_OR_FRESH,
  { re: /\bwhole\b|\bplain\b|\bregular\b|\bstandard\b|\ball varieties\b|\ball types\b|\blong-grain\b|\byear round average\b|\bair-popped\b|\bunenriched\b|\benriched\b|\bcommercially prepared\b/i, w: 0.2 },
  { re: /\bcooked\b|\broasted\b|\bbrewed\b|\bboiled\b|\bgrilled\b|\bbaked\b/i, w: 0.15 },
  { re: /\bwith skin\b|\bdry roasted\b|\bskinless\b|\blean only\b/i, w: 0.15 },
  // Dried pasta is the everyday pasta; fresh pasta from the chiller is the special one, cooked or not.
  { re: /\bfresh-refrigerated\b/i, w: -0.3 },
  // A chop or a steak is sold on the bone: the boneless cut is the special one.
  { re: /\bbone-in\b/i, w: 0.1 },
];

/** Brand names in SR21 descriptions are upper case ("CAMPBELL'S CHUNKY", "KRAFT"): brand oddities rank down. */
const BRAND = /\b[A-Z][A-Z'&.-]{2,}\b/;

/**
 * Groups whose foods people eat cooked (grains and pasta, hot cereals, dry legumes): there the cooked
 * form is the everyday one and the raw or dry form an ingredient ("white rice" means cooked rice).
 */
const EATEN_COOKED = new Set(['2000', '0800']);
/** Poultry, sausages, pork, beef, lamb and veal, fish and shellfish. */
const EATEN_COOKED_MEAT = new Set(['0500', '0700', '1000', '1300', '1700', '1500']);
/** Flours, meals and starches are ingredients, neither raw produce nor a grain eaten cooked. */
const MILLED = /^[^,]*\b(flour|meal|starch|cornstarch)\b/i;
const PART_ONLY = /^(skin|flesh|peel|skin only|flesh only)$/i;
/** Dry beans, peas and lentils ("mature seeds") are cooked before eating too. */
const DRY_LEGUME = /\bmature seeds\b/i;
const COOKED = /\bcooked\b|\broasted\b|\bboiled\b|\bbaked\b|\bbroiled\b|\bgrilled\b|\bbraised\b|\bpan-fried\b|\bstewed\b/i;
const UNCOOKED = /\braw\b|\bdry\b|\bfresh-refrigerated\b|\bsprouted\b|\bunprepared\b/i;
/** The typical form of a food: "Tomatoes, red, ripe, raw, year round average", all-purpose flour, table wine and salt; milk as a drink ("fluid"), not powder. */
const TYPICAL = /\byear round average\b|\bripe\b|\ball-purpose\b|\bcenter (loin|rib|cut)\b|\btable\b/i;
/** Dairy and drinks as powder ("Milk, dry, nonfat") are ingredients; people log the liquid ("skim milk"). */
const POWDER = /\bdry\b|\bpowder\b/i;

/**
 * `measures`: the household measures USDA gives for the food ("1 cup, sliced", "1 medium"). USDA measures
 * the foods people eat often in many ways and rarities in one or two, so more measures mean a commoner food.
 */
export function commonness(desc: string, group: string, measures: string[] = []): number {
  let score = GROUP_PRIOR[group] ?? 0;
  const meat = EATEN_COOKED_MEAT.has(group);
  const milled = MILLED.test(desc);
  // "Raw" and "fresh" say the everyday form of produce; for meat "fresh" only means not cured.
  for (const r of DESC_RULES) if (r.re.test(desc) && !((meat || milled) && r === RAW_OR_FRESH)) score += r.w;
  if (!milled && (EATEN_COOKED.has(group) || (group === '1600' && DRY_LEGUME.test(desc)))) {
    if (COOKED.test(desc)) score += 0.5;
    // A bare grain ("Oats", "Barley, pearled") is the uncooked ingredient too; ready-to-eat cereals are not.
    else if (UNCOOKED.test(desc) || group === '2000') score -= 0.6;
  }
  // Meat, poultry and fish are logged as eaten, cooked; the raw cut is what the butcher sells.
  if (meat) {
    if (COOKED.test(desc)) score += 0.45;
    else if (/\braw\b/i.test(desc)) score -= 0.2;
  }
  // Weights by the ounce or pound, or per "unit (yield from 1 lb …)", are no household measure.
  const household = new Set(measures.map((m) => m.toLowerCase().replace(/\s*\(.*$/, '').trim()).filter((m) => m && !/^(oz|lb|g|units?)$/.test(m)));
  score += 0.06 * Math.min(household.size, 6);
  // A part of the food on its own ("Potatoes, baked, skin") is not the food a person means.
  const segs = segments(desc);
  if (segs.some((s) => PART_ONLY.test(s))) score -= 0.4;
  if (TYPICAL.test(desc)) score += 0.4;
  // Outweighs the "fat free" penalty, so "skim milk" finds the drink before nonfat dry milk powder.
  if ((group === '0100' || group === '1400') && POWDER.test(desc)) score -= 0.7;
  if (BRAND.test(desc.replace(/\b(USDA|NFS|NS|US|U\.S\.|RTE|UHT|II|III)\b/g, ''))) score -= 1.2;
  // A maker's product is named like the food itself ("McDONALD'S, French Fries"); the plain food of that name comes first.
  if (segs.length > 1 && MAKER.test(segs[0]!)) score -= MAKER_PENALTY;
  // Shorter descriptions are the general forms ("Bananas, raw" versus six qualifiers).
  score -= 0.08 * Math.max(0, segs.length - 2);
  return Math.round(score * 100) / 100;
}
