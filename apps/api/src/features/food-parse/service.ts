/**
 * Rules of POST /food-logs/parse (issue 41 item 1): a typed or spoken meal → foods of the database, amounts and grams,
 * ready for POST /food-logs/batch. The sentence is split and its amounts read by @app/nutrition/parse and
 * parse-ingredient (amount.ts); each part's food is the everyday-foods table's (everyday-foods.json) or the product's
 * own search's (foods/service.ts searchFoods, with its cache), re-ranked for the form people eat (match.ts); grams
 * come from the food's own household measures or the usual portion (@app/nutrition/parse portion.ts). Words no food
 * resembles go to `unmatched`, never to a made-up food.
 */
import type { FoodDetail, FoodParseItem, FoodParseRequest, FoodParseResult } from '@app/contracts';
import { roundTo } from '@app/nutrition/numbers';
import { portionFor, splitMeal, type MealPart, type PortionContext, type PortionFood } from '@app/nutrition/parse/index';
import type { Db } from '../../db/client.ts';
import { unprocessable } from '../../lib/http-error.ts';
import { foodDetails, searchFoods } from '../foods/service.ts';
import { synonymsFor } from '../foods/usda-names.ts';
import { WEIGHT_SERVING_IDS } from '../foods/food-rows.ts';
import { todayFor } from '../food-logs/service.ts';
import { readPart, type ReadPart } from './amount.ts';
import { CONFIDENCE_FLOOR, confidenceOf, coverage, eatenScore, everydayFood, type Candidate } from './match.ts';

/** The most foods one sentence may name: each is a search; past it the answer is a 422 naming the cap. */
export const MAX_PARSE_PARTS = 30;
/** Search answers read per part: the search's best few hold the everyday form. */
const PER_SEARCH = 8;
const ALTERNATIVES = 3;
/** A joined phrase ("mac and cheese") is one food only when its match holds nearly every word said. */
const JOINED_FLOOR = 0.85;

interface Match {
  food: FoodDetail;
  confidence: number;
  alternatives: FoodDetail[];
}

interface Part extends MealPart, ReadPart {}

/** The foods of one request, each read once from the database (a sentence repeats foods less than a recipe, but does). */
class Lookup {
  private readonly foods = new Map<string, FoodDetail>();
  constructor(
    readonly db: Db,
    readonly userId: number,
    readonly giveWay?: () => Promise<void>,
  ) {}

  async details(ids: string[]): Promise<Map<string, FoodDetail>> {
    const missing = [...new Set(ids)].filter((id) => !this.foods.has(id));
    if (missing.length) {
      await this.giveWay?.();
      for (const f of await foodDetails(this.db, this.userId, missing)) this.foods.set(f.id, f);
    }
    return this.foods;
  }

  /** The everyday-foods entry for the words, else the search's best candidate for the eaten form, if it is what was said. */
  async match(words: string, floor = CONFIDENCE_FLOOR): Promise<Match | null> {
    if (!words) return null;
    const everyday = everydayFood(words);
    if (everyday) {
      const found = await this.details([everyday.food, ...everyday.alternatives]);
      const food = found.get(everyday.food);
      if (food) return { food, confidence: confidenceOf(1, true, 0), alternatives: everyday.alternatives.map((id) => found.get(id)).filter((f) => !!f) };
    }
    await this.giveWay?.();
    const answer = await searchFoods(this.db, this.userId, words, 1, PER_SEARCH);
    if (!answer.foods.length) return null;
    const found = await this.details(answer.foods.map((f) => f.id));
    const candidates: (Candidate & { detail: FoodDetail; cov: number; s: number })[] = [];
    answer.foods.forEach((f, rank) => {
      const detail = found.get(f.id);
      if (!detail) return;
      const c: Candidate = { id: f.id, name: detail.name, description: detail.food_description, group: detail.food_group, synonyms: detail.source === 'usda_sr21' ? synonymsFor(detail.food_description) : '', rank };
      candidates.push({ ...c, detail, cov: coverage(words, c), s: eatenScore(c, words) });
    });
    const good = candidates.filter((c) => c.cov >= floor).sort((a, b) => b.s - a.s);
    if (!good.length) return null;
    const [best, ...rest] = good;
    return { food: best!.detail, confidence: confidenceOf(best!.cov, false, best!.rank), alternatives: rest.slice(0, ALTERNATIVES).map((c) => c.detail) };
  }
}

const portionFood = (f: FoodDetail): PortionFood => ({
  name: f.name,
  description: f.food_description,
  group: f.food_group,
  // The food's own measures; the wire list ends with 1 oz, 1 g and 100 g, which say nothing of a portion.
  servings: f.servings.filter((s) => !WEIGHT_SERVING_IDS.includes(s.id)),
});

const nutrient = (f: FoodDetail, key: 'calories' | 'protein' | 'carbs' | 'fat' | 'fiber', grams: number) => roundTo(((f.per_100g[key] ?? 0) * grams) / 100, 1);

function item(part: Part, m: Match, ctx: PortionContext): FoodParseItem | null {
  const portion = portionFor(part, portionFood(m.food), ctx);
  if (!portion || !(portion.grams > 0)) return null;
  const grams = roundTo(portion.grams, 1);
  return {
    text: part.text,
    food: { id: m.food.id, name: m.food.name },
    quantity: roundTo(portion.quantity, 2),
    unit: portion.unit,
    grams,
    calories: nutrient(m.food, 'calories', grams),
    protein: nutrient(m.food, 'protein', grams),
    carbs: nutrient(m.food, 'carbs', grams),
    fat: nutrient(m.food, 'fat', grams),
    fiber: nutrient(m.food, 'fiber', grams),
    confidence: m.confidence,
    alternatives: m.alternatives.flatMap((alt) => {
      const p = portionFor(part, portionFood(alt), ctx);
      return p && p.grams > 0 ? [{ id: alt.id, name: alt.name, grams: roundTo(p.grams, 1) }] : [];
    }),
  };
}

/** The parts of the sentence with their amounts read. */
export function readSentence(text: string): Part[] {
  return splitMeal(text).map((p) => ({ ...p, ...readPart(p.text) }));
}

/**
 * `giveWay`: awaited before each database step, so other users' requests are answered in between (lib/front-door.ts).
 */
export async function parseMeal(db: Db, userId: number, body: FoodParseRequest, giveWay?: () => Promise<void>): Promise<FoodParseResult> {
  const parts = readSentence(body.text);
  if (parts.length > MAX_PARSE_PARTS) throw unprocessable(`This text names ${parts.length} foods; at most ${MAX_PARSE_PARTS} can be read at once`, ['body', 'text']);
  const lookup = new Lookup(db, userId, giveWay);
  // The everyday table's foods of the whole sentence in one read, not one per part.
  await lookup.details(parts.flatMap((p) => {
    const e = everydayFood(p.words);
    return e ? [e.food, ...e.alternatives] : [];
  }));
  const items: FoodParseItem[] = [];
  const unmatched: string[] = [];
  /** The food each part goes with: the last food of a part that was not itself "with" another. */
  let partner: string | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    // "mac and cheese", "fish and chips": the joined phrase first, when it is one food holding nearly every word.
    if (next && next.joiner === 'and' && next.quantity === null && part.words && next.words && !(everydayFood(part.words) && everydayFood(next.words))) {
      const joinedWords = `${part.words} and ${next.words}`;
      const joined = await lookup.match(joinedWords, JOINED_FLOOR);
      if (joined) {
        const whole: Part = { ...part, text: `${part.text} and ${next.text}`, words: joinedWords };
        const it = item(whole, joined, { role: 'main' });
        if (it) {
          items.push(it);
          partner = it.food.name;
          i++;
          continue;
        }
      }
    }
    const m = await lookup.match(part.words);
    const ctx: PortionContext = part.joiner === 'with' ? { role: 'with', partner } : { role: 'main' };
    const it = m ? item(part, m, ctx) : null;
    if (!it) {
      unmatched.push(part.text);
      continue;
    }
    items.push(it);
    if (part.joiner !== 'with') partner = it.food.name;
  }
  return { items, unmatched, meal_type: body.meal_type ?? null, date: body.date ?? (await todayFor(db, userId)) };
}
