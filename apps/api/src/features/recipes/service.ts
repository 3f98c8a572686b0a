/** Rules of the recipes feature: import, analysis, saved recipes and logging a serving. */
import { MAX_INGREDIENT_LINE_LENGTH, MAX_RECIPE_INGREDIENT_LINES, type AnalyzeRecipeBody, type AnalyzedIngredient, type FoodDetail, type FoodSearchResponse, type RecipeNutrition, type RecipeSaveBody, type SavedRecipe } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { WorkAbortedError } from '../../lib/fair-share.ts';
import { HttpError, notFound, unprocessable } from '../../lib/http-error.ts';
import { foodDetail, foodDetails, searchFoods } from '../foods/service.ts';
import type { ExtractedRecipe } from './extract.ts';
import { extractOffThread } from './extract-pool.ts';
import { DEFAULT_RECIPE_DOMAINS, checkUrl, domainOf, fetchPage, type FetchOptions } from './fetch-page.ts';
import { gramsPerUnit, parseLine } from './ingredients.ts';
import { ingredientScore, vocabularyWords, type Candidate } from './match.ts';
import * as repo from './repository.ts';

const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fiber', 'sugar', 'sodium', 'potassium', 'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'trans_fat', 'cholesterol'] as const;
const zero = (): RecipeNutrition => Object.fromEntries(KEYS.map((k) => [k, 0])) as RecipeNutrition;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const scale = (per100: Record<string, number>, grams: number): RecipeNutrition =>
  Object.fromEntries(KEYS.map((k) => [k, round(((per100[k] ?? 0) * grams) / 100)])) as RecipeNutrition;
function sum(list: Record<string, number>[]): RecipeNutrition {
  const t = zero();
  for (const n of list) for (const k of KEYS) t[k] += n[k] ?? 0;
  for (const k of KEYS) t[k] = round(t[k]);
  return t;
}
const divide = (n: RecipeNutrition, by: number): RecipeNutrition => Object.fromEntries(KEYS.map((k) => [k, round(n[k] / by)])) as RecipeNutrition;

export function fetchOptions(config: Config): FetchOptions {
  return { allowedDomains: config.RECIPE_ALLOWED_DOMAINS ?? DEFAULT_RECIPE_DOMAINS, allowLoopback: config.RECIPE_FETCH_ALLOW_PRIVATE };
}

export function allowedDomains(config: Config) {
  const domains = fetchOptions(config).allowedDomains;
  return { domains: domains.filter((d) => d !== '*'), any_public_host: domains.includes('*') };
}

/** Checks the address without fetching it (syntax, scheme, credentials, allowed site). */
export function validateUrl(config: Config, url: string) {
  let domain = '';
  try {
    domain = domainOf(new URL(url).hostname);
  } catch {
    /* reported below */
  }
  try {
    checkUrl(url, fetchOptions(config).allowedDomains);
    return { valid: true, domain };
  } catch (e) {
    return { valid: false, domain, reason: (e as Error).message };
  }
}

/**
 * Fetches and reads a recipe page: the download stops when the client goes away, and the page is read on a page
 * thread (extract-pool.ts), 422 past its caps. Its ingredient lines get the typed lines' caps (@app/contracts): a page
 * with more than 100 lines, or a longer line than 500 characters, answers 422 before any line is matched, rather than
 * analysing part of a recipe whose totals would then be wrong.
 */
export async function importRecipe(config: Config, url: string, who: { userId: number; signal?: AbortSignal }): Promise<ExtractedRecipe> {
  const page = await fetchPage(url, { ...fetchOptions(config), signal: who.signal });
  const recipe = await extractOffThread(who, page.html, page.url);
  if (!recipe || !recipe.ingredients.length) throw unprocessable('No recipe was found on this page', ['body', 'url']);
  const n = recipe.ingredients.length;
  if (n > MAX_RECIPE_INGREDIENT_LINES) throw unprocessable(`This recipe has ${n} ingredient lines; at most ${MAX_RECIPE_INGREDIENT_LINES} can be analysed at once`, ['body', 'url']);
  const long = recipe.ingredients.findIndex((l) => l.length > MAX_INGREDIENT_LINE_LENGTH);
  if (long >= 0) throw unprocessable(`Ingredient line ${long + 1} of this recipe is longer than ${MAX_INGREDIENT_LINE_LENGTH} characters`, ['body', 'url']);
  return recipe;
}

/**
 * The matching of one analysis. It stops when its signal fires (the client went away, or the time budget ran out):
 * checked before every line and every database query, so an abandoned analysis ends within one query. And it asks
 * each search and each food only once: recipes repeat lines ("1 egg" for the dough and the glaze) and, more often,
 * the head-noun queries ("flour", "sugar", "oil") of different lines.
 */
export class Matching {
  private readonly searches = new Map<string, Promise<FoodSearchResponse>>();
  private readonly foods = new Map<string, FoodDetail>();
  private readonly lines = new Map<string, Promise<AnalyzedIngredient>>();

  constructor(
    readonly db: Db,
    readonly userId: number,
    readonly signal?: AbortSignal,
    /** Called before each database query: other users' requests go first (lib/front-door.ts giveWay). */
    readonly giveWay?: () => Promise<void>,
  ) {}

  /** Throws an AbortError (answered 499, or the budget's error by the fair share) once the signal has fired. */
  checkpoint() {
    if (this.signal?.aborted) throw new WorkAbortedError(this.signal.reason);
  }

  search(query: string): Promise<FoodSearchResponse> {
    let found = this.searches.get(query);
    if (!found) {
      this.checkpoint();
      found = (async () => {
        await this.giveWay?.();
        this.checkpoint();
        return searchFoods(this.db, this.userId, query, 1, PER_QUERY);
      })();
      this.searches.set(query, found);
    }
    return found;
  }

  async details(ids: string[]): Promise<FoodDetail[]> {
    const missing = ids.filter((id) => !this.foods.has(id));
    if (missing.length) {
      await this.giveWay?.();
      this.checkpoint();
      for (const f of await foodDetails(this.db, this.userId, missing)) this.foods.set(f.id, f);
    }
    return ids.map((id) => this.foods.get(id)).filter((f): f is FoodDetail => !!f);
  }

  line(line: string): Promise<AnalyzedIngredient> {
    const key = line.replace(/\s+/g, ' ').trim();
    let done = this.lines.get(key);
    if (!done) {
      this.checkpoint();
      done = analyzeLine(this.db, this.userId, line, this);
      this.lines.set(key, done);
    }
    return done;
  }
}

const shareIn = (words: string[], text: string) => words.filter((w) => text.includes(w.replace(/(e?s)$/, ''))).length / words.length;

/**
 * Candidates taken from each search answer. The search ranks what people eat (cooked fish and meat) first; a
 * recipe means the raw form, which must still be among them: with 12, "salmon fillets" found only cooked
 * salmon and smoked lox, and bench:recipes' median kcal error went from 12.2 to 14.4 %.
 */
const PER_QUERY = 20;

/**
 * The foods search asked a few ways (the line's food words, the cooking vocabulary's USDA wording, the
 * head noun alone), then the candidates re-ranked for what a recipe means (match.ts): "400 g spaghetti"
 * is dry spaghetti, "sugar" granulated sugar, "1 (15 oz) can kidney beans" canned beans.
 */
async function matchFood(m: Matching, foodWords: string, line: string) {
  const words = foodWords.split(' ');
  const canned = /\bcans?\b|\bcanned\b|\btinned\b/i.test(line);
  const vocabulary = vocabularyWords(foodWords);
  const extra = canned ? `${vocabulary ?? foodWords} canned` : vocabulary;
  const queries = [...new Set([extra, foodWords, words.length > 2 ? words.slice(-2).join(' ') : null, words.length > 1 ? words.at(-1)! : null].filter((q): q is string => !!q))];
  const ranks = new Map<string, number>();
  for (const query of queries) {
    const found = await m.search(query);
    for (const [rank, f] of found.foods.entries()) if (!ranks.has(f.id)) ranks.set(f.id, rank);
  }
  if (!ranks.size) return null;
  const candidates = await m.details([...ranks.keys()]);
  const scored = candidates.map((food) => {
    const c: Candidate = { name: food.name, description: food.food_description, group: food.food_group, brand_name: food.brand_name, rank: ranks.get(food.id)! };
    return { food, s: ingredientScore(c, foodWords, line, extra) };
  });
  const food = scored.sort((a, b) => b.s - a.s)[0]!.food;
  return { food, wordShare: shareIn(words, `${food.name} ${food.food_description}`.toLowerCase()) };
}

/** One line → matched food, grams and nutrients. Unconvertible lines keep their food but 0 g. */
export async function analyzeLine(db: Db, userId: number, line: string, m = new Matching(db, userId)): Promise<AnalyzedIngredient> {
  const p = parseLine(line);
  const base = { original: p.original, quantity: p.quantity, quantity2: p.quantity2, unit: p.unit, food_words: p.food_words, nutrients: zero() };
  if (p.is_header || !p.food_words) return { ...base, food_id: null, food_name: null, grams: null, conversion: 'no food in this line', confidence: 0 };
  const pick = await matchFood(m, p.food_words, p.original);
  if (!pick) return { ...base, food_id: null, food_name: null, grams: null, conversion: 'no matching food', confidence: 0 };
  const { food, wordShare } = pick;
  const matched = { ...base, food_id: food.id, food_name: food.name };
  if (p.to_taste && p.quantity == null) return { ...matched, grams: 0, conversion: 'to taste: not counted', confidence: round(0.5 * wordShare, 2) };
  const per = gramsPerUnit(p, food);
  if (!per) return { ...matched, grams: null, conversion: `cannot convert ${p.unit ?? 'this amount'} of ${food.name} to grams`, confidence: round(0.3 * wordShare, 2) };
  // A range ("2–3 cloves") counts as its middle.
  const qty = p.quantity == null ? 1 : p.quantity2 != null ? (p.quantity + p.quantity2) / 2 : p.quantity;
  const grams = round(qty * per.grams);
  return { ...matched, grams, conversion: per.how, nutrients: scale(food.per_100g, grams), confidence: round((p.quantity == null ? 0.6 : 0.9) * (0.4 + 0.6 * wordShare), 2) };
}

/**
 * `signal`: the request's, within its time budget (routes.ts); the analysis stops when it fires. `giveWay`: awaited
 * before each query of the matching, so other users' requests are answered between them.
 */
export async function analyze(db: Db, config: Config, userId: number, body: AnalyzeRecipeBody, signal?: AbortSignal, giveWay?: () => Promise<void>) {
  const r: Partial<ExtractedRecipe> = body.url ? await importRecipe(config, body.url, { userId, signal }) : { ingredients: body.ingredients! };
  const m = new Matching(db, userId, signal, giveWay);
  const ingredients: AnalyzedIngredient[] = [];
  for (const line of r.ingredients!) ingredients.push(await m.line(line));
  const servings = body.servings ?? r.servings ?? 1;
  const total = sum(ingredients.map((i) => i.nutrients));
  return {
    recipe_details: {
      title: body.title || r.title || 'Untitled recipe',
      servings,
      yields: r.yields ?? null,
      source_url: r.source_url ?? null,
      site_name: r.site_name ?? null,
      image: r.image ?? null,
      author: r.author ?? null,
      instructions: r.instructions ?? [],
      total_time_minutes: r.total_time_minutes ?? null,
      prep_time_minutes: r.prep_time_minutes ?? null,
      cook_time_minutes: r.cook_time_minutes ?? null,
      ingredients,
      unmatched: ingredients.filter((i) => !i.food_id || i.grams == null).map((i) => i.original),
      nutrition_total: total,
      nutrition_per_serving: divide(total, servings),
      stated_calories_per_serving: r.stated_calories ?? null,
    },
  };
}

function toSaved(r: repo.RecipeRow): SavedRecipe {
  const total = { ...zero(), ...r.nutrition_total } as RecipeNutrition;
  return {
    id: r.id,
    title: r.title,
    servings: r.servings,
    source_url: r.source_url,
    image: r.image,
    instructions: r.instructions,
    ingredients: r.ingredients.map((i) => ({ ...i, nutrients: { ...zero(), ...i.nutrients } as RecipeNutrition })),
    nutrition_total: total,
    nutrition_per_serving: divide(total, r.servings),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** Nutrition always comes from the foods database: clients send food ids and grams, never totals. */
async function computed(db: Db, userId: number, body: RecipeSaveBody) {
  const ingredients = [];
  for (const [i, ing] of body.ingredients.entries()) {
    let food;
    try {
      food = await foodDetail(db, userId, ing.food_id);
    } catch (e) {
      if (e instanceof HttpError && e.statusCode === 404) throw unprocessable(`Unknown food ${ing.food_id}`, ['body', 'ingredients', i, 'food_id']);
      throw e;
    }
    ingredients.push({ food_id: food.id, food_name: food.name, grams: ing.grams, original: ing.original ?? null, nutrients: scale(food.per_100g, ing.grams) });
  }
  return {
    title: body.title,
    servings: body.servings,
    source_url: body.source_url ?? null,
    image: body.image ?? null,
    instructions: body.instructions,
    ingredients,
    nutrition_total: sum(ingredients.map((i) => i.nutrients)),
    search_text: [body.title, ...ingredients.map((i) => i.food_name)].join(' ').toLowerCase(),
  };
}

export async function create(db: Db, userId: number, body: RecipeSaveBody): Promise<SavedRecipe> {
  return toSaved(await repo.insertRecipe(db, { user_id: userId, ...(await computed(db, userId, body)) }));
}

export async function update(db: Db, userId: number, id: number, body: RecipeSaveBody): Promise<SavedRecipe> {
  if (!(await repo.getRecipe(db, userId, id))) throw notFound('Recipe not found');
  const row = await repo.updateRecipe(db, userId, id, await computed(db, userId, body));
  if (!row) throw notFound('Recipe not found');
  return toSaved(row);
}

export async function remove(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteRecipe(db, userId, id))) throw notFound('Recipe not found');
}

export async function get(db: Db, userId: number, id: number): Promise<SavedRecipe> {
  const row = await repo.getRecipe(db, userId, id);
  if (!row) throw notFound('Recipe not found');
  return toSaved(row);
}

const listItem = (s: SavedRecipe) => ({ id: s.id, title: s.title, servings: s.servings, image: s.image, nutrition_per_serving: s.nutrition_per_serving, created_at: s.created_at, updated_at: s.updated_at });

export async function list(db: Db, userId: number) {
  return (await repo.listRecipes(db, userId)).map(toSaved).map(listItem);
}

export async function search(db: Db, userId: number, query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  return (await repo.searchRecipes(db, userId, words)).map(toSaved).map(listItem);
}

export async function suggestions(db: Db, userId: number, query: string) {
  return { suggestions: await repo.titleSuggestions(db, userId, query.trim()) };
}

/**
 * What POST /food-logs stores for `{recipe_id, number_of_servings}`: a manual entry named after the
 * recipe with its per-serving nutrients (the food-logs feature multiplies by the servings).
 */
export async function recipeLogEntry(db: Db, userId: number, recipeId: number) {
  const r = await get(db, userId, recipeId);
  const n = r.nutrition_per_serving;
  return { food_name: r.title, brand_name: '', serving_description: '1 serving', calories: n.calories, protein: n.protein, carbohydrates: n.carbs, fat: n.fat, fiber: n.fiber, sugar: n.sugar, sodium: n.sodium, potassium: n.potassium, saturated_fat: n.saturated_fat, monounsaturated_fat: n.monounsaturated_fat, polyunsaturated_fat: n.polyunsaturated_fat, trans_fat: n.trans_fat, cholesterol: n.cholesterol };
}
