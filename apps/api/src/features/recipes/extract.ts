/**
 * Reads a recipe out of a page: schema.org Recipe in JSON-LD (also inside @graph, arrays and several
 * blocks), then microdata, then a readable fallback (title, and the list items under an
 * "Ingredients" heading). cheerio parses the HTML and decodes entities; nothing matches HTML by regex.
 *
 * Runs in a page thread (extract-pool.ts), never on the API's event loop. Every text handed to cheerio or JSON.parse
 * is first checked against the caps of page-limits.ts, and every walk of the parsed data stops at a bounded depth.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { parse as parseDuration, toSeconds } from 'iso8601-duration';
import { MAX_JSON_LD_DEPTH, checkJsonDepth, checkMarkup } from './page-limits.ts';

export interface ExtractedRecipe {
  title: string;
  servings: number | null;
  yields: string | null;
  ingredients: string[];
  instructions: string[];
  total_time_minutes: number | null;
  prep_time_minutes: number | null;
  cook_time_minutes: number | null;
  image: string | null;
  author: string | null;
  source_url: string;
  site_name: string | null;
  /** Calories per serving as the page states them (schema.org nutrition.calories), for comparison. */
  stated_calories: number | null;
  method: 'json-ld' | 'microdata' | 'fallback';
}

type Json = any;

/** cheerio (with parse5 and its entity tables) holds ~20 MB of memory once loaded: loaded by the first recipe import, not at start. */
let cheerio: typeof import('cheerio');

/** Entities are decoded by the parser; this removes stray tags inside text and normalises whitespace. */
export function clean(v: unknown): string {
  if (v == null) return '';
  let s = String(v);
  if (s.includes('<')) {
    // Markup inside a JSON-LD string is a page of its own to cheerio: the same caps.
    checkMarkup(s);
    s = cheerio.load(`<body>${s}</body>`)('body').text();
  } else if (s.includes('&')) s = cheerio.load(`<body>${s}</body>`)('body').text();
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}

const asArray = (v: Json): Json[] => (v == null ? [] : Array.isArray(v) ? v : [v]);

function isRecipe(node: Json): boolean {
  return asArray(node?.['@type']).some((t) => typeof t === 'string' && t.replace(/^.*[/:]/, '') === 'Recipe');
}

/** Every object of a JSON-LD value, walking arrays, @graph and nested values (e.g. mainEntity). */
function* walk(node: Json, depth = 0): Generator<Json> {
  if (depth > 8 || node == null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) yield* walk(n, depth + 1);
    return;
  }
  yield node;
  for (const [k, v] of Object.entries(node)) if (k === '@graph' || k === 'mainEntity' || k === 'mainEntityOfPage' || k === 'itemListElement' || k === 'item') yield* walk(v, depth + 1);
}

function parseJsonLd(text: string): Json {
  // JSON.parse itself copes with any depth; what walks the result must not have to.
  checkJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch {
    // Some sites leave raw newlines or tabs inside strings.
    try {
      return JSON.parse(text.replace(/[\n\r\t]+/g, ' '));
    } catch {
      return null;
    }
  }
}

export function minutes(v: unknown): number | null {
  const s = clean(Array.isArray(v) ? v[0] : v);
  if (!s) return null;
  try {
    const m = Math.round(toSeconds(parseDuration(s)) / 60);
    return Number.isFinite(m) && m > 0 ? m : null;
  } catch {
    return null;
  }
}

/** "4", 4, ["4", "4 servings"], "Serves 4-6", "Makes 12 cookies" → 4 / 4 / 4 / 4 / 12. */
export function servingsOf(v: unknown): { servings: number | null; yields: string | null } {
  const list = asArray(v).map(clean).filter(Boolean);
  if (!list.length) return { servings: null, yields: null };
  for (const s of list) {
    const n = s.match(/\d+(?:[.,]\d+)?/);
    if (n) return { servings: Number(n[0].replace(',', '.')), yields: list.find((x) => /\D/.test(x)) ?? s };
  }
  return { servings: null, yields: list[0]! };
}

function textOf(v: Json): string {
  if (typeof v === 'string') return clean(v);
  if (v && typeof v === 'object') return clean(v.name ?? v['@value'] ?? v.text ?? '');
  return '';
}

function instructionsOf(v: Json): string[] {
  const out: string[] = [];
  // The JSON's own depth is capped (checkJsonDepth); this bound keeps the walk safe whatever it is given.
  const visit = (n: Json, depth: number): void => {
    if (n == null || depth > MAX_JSON_LD_DEPTH) return;
    if (Array.isArray(n)) return n.forEach((x) => visit(x, depth + 1));
    if (typeof n === 'string') {
      // A single block of text: the steps are its lines (or its paragraphs when written as HTML).
      if (n.includes('<')) checkMarkup(n);
      const $ = cheerio.load(`<body>${n.replace(/\n/g, '<br>')}</body>`);
      $('br, p, li').before('\n');
      for (const line of $('body').text().split('\n')) if (clean(line)) out.push(clean(line));
      return;
    }
    const type = asArray(n['@type']).join(' ');
    if (type.includes('HowToSection') || n.itemListElement) return visit(n.itemListElement, depth + 1);
    const t = clean(n.text ?? n.name ?? '');
    if (t) out.push(t);
  };
  visit(v, 0);
  return out;
}

/** An address from the page as an absolute http(s) URL (a relative one resolved against the page), else null. */
function webUrl(raw: string | null, page: string): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw, page);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function imageOf(v: Json): string | null {
  const first = asArray(v)[0];
  if (!first) return null;
  if (typeof first === 'string') return first;
  return typeof first.url === 'string' ? first.url : typeof first.contentUrl === 'string' ? first.contentUrl : null;
}

function authorOf(v: Json): string | null {
  const names = asArray(v).map(textOf).filter(Boolean);
  return names.length ? names.join(', ') : null;
}

function caloriesOf(v: Json): number | null {
  const c = clean(v?.calories);
  const n = c.match(/\d+(?:\.\d+)?/);
  return n ? Number(n[0]) : null;
}

function siteName($: CheerioAPI, graph: Json[]): string | null {
  const og = clean($('meta[property="og:site_name"]').attr('content'));
  if (og) return og;
  const site = graph.find((n) => asArray(n['@type']).includes('WebSite'));
  return site ? clean(site.name) || null : null;
}

function fromJsonLd($: CheerioAPI, url: string): ExtractedRecipe | null {
  const nodes: Json[] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    const data = parseJsonLd($(el).text());
    // One by one: spreading a block of a million objects into push() would overflow the call stack.
    if (data) for (const n of walk(data)) nodes.push(n);
  });
  const r = nodes.find(isRecipe);
  if (!r) return null;
  const ingredients = asArray(r.recipeIngredient ?? r.ingredients).map(textOf).filter(Boolean);
  const { servings, yields } = servingsOf(r.recipeYield ?? r.yield);
  return {
    title: clean(r.name ?? r.headline),
    servings,
    yields,
    ingredients,
    instructions: instructionsOf(r.recipeInstructions),
    total_time_minutes: minutes(r.totalTime),
    prep_time_minutes: minutes(r.prepTime),
    cook_time_minutes: minutes(r.cookTime),
    image: webUrl(imageOf(r.image), url),
    author: authorOf(r.author),
    source_url: url,
    site_name: siteName($, nodes),
    stated_calories: caloriesOf(r.nutrition),
    method: 'json-ld',
  };
}

/** The values of itemprop `prop` inside `scope` but not inside a nested itemscope. */
function props($: CheerioAPI, scope: Cheerio<AnyNode>, prop: string): string[] {
  return scope
    .find(`[itemprop~="${prop}"]`)
    .filter((_, el) => $(el).parent().closest('[itemscope]').is(scope))
    .map((_, el) => {
      const e = $(el);
      return clean(e.attr('content') ?? e.attr('datetime') ?? (e.is('img') ? e.attr('src') : e.is('a, link') ? e.attr('href') : null) ?? e.text());
    })
    .get();
}

function fromMicrodata($: CheerioAPI, url: string): ExtractedRecipe | null {
  const scope = $('[itemscope][itemtype]').filter((_, el) => /schema\.org\/Recipe\b/i.test($(el).attr('itemtype') ?? '')).first();
  if (!scope.length) return null;
  const one = (p: string) => props($, scope, p)[0] ?? null;
  const ingredients = [...props($, scope, 'recipeIngredient'), ...props($, scope, 'ingredients')].filter(Boolean);
  const steps = scope.find('[itemprop~="recipeInstructions"]');
  const instructions = steps.find('li').length ? steps.find('li').map((_, el) => clean($(el).text())).get() : props($, scope, 'recipeInstructions');
  const authorScope = scope.find('[itemprop~="author"]').first();
  const { servings, yields } = servingsOf(props($, scope, 'recipeYield'));
  const nutrition = scope.find('[itemprop~="nutrition"] [itemprop~="calories"]').first();
  return {
    title: one('name') ?? '',
    servings,
    yields,
    ingredients,
    instructions: instructions.filter(Boolean),
    total_time_minutes: minutes(one('totalTime')),
    prep_time_minutes: minutes(one('prepTime')),
    cook_time_minutes: minutes(one('cookTime')),
    image: webUrl(one('image'), url),
    author: authorScope.length ? clean(authorScope.find('[itemprop~="name"]').first().text() || authorScope.text()) || null : null,
    source_url: url,
    site_name: siteName($, []),
    stated_calories: nutrition.length ? caloriesOf({ calories: nutrition.attr('content') ?? nutrition.text() }) : null,
    method: 'microdata',
  };
}

/** No structured data: the page title and the items of the first list after an "Ingredients" heading. */
function fallback($: CheerioAPI, url: string): ExtractedRecipe | null {
  const title = clean($('meta[property="og:title"]').attr('content')) || clean($('h1').first().text()) || clean($('title').text());
  const listAfter = (word: RegExp) => {
    const heading = $('h1, h2, h3, h4, strong, p').filter((_, el) => word.test(clean($(el).text())) && clean($(el).text()).length < 40).first();
    if (!heading.length) return [] as string[];
    const list = heading.nextAll('ul, ol').first().length ? heading.nextAll('ul, ol').first() : heading.parent().find('ul, ol').first();
    return list.find('li').map((_, el) => clean($(el).text())).get().filter(Boolean);
  };
  const ingredients = listAfter(/^ingredients?:?$/i);
  if (!ingredients.length) return null;
  const yieldText = clean($('*:contains("Serves")').last().text());
  return {
    title,
    ...servingsOf(/serves/i.test(yieldText) && yieldText.length < 40 ? yieldText : null),
    ingredients,
    instructions: listAfter(/^(instructions|method|directions|steps):?$/i),
    total_time_minutes: null,
    prep_time_minutes: null,
    cook_time_minutes: null,
    image: webUrl(clean($('meta[property="og:image"]').attr('content')) || null, url),
    author: clean($('meta[name="author"]').attr('content')) || null,
    source_url: url,
    site_name: siteName($, []),
    stated_calories: null,
    method: 'fallback',
  };
}

/** Throws PageLimitError (page-limits.ts) for a page past the caps, before building its DOM. */
export async function extractRecipe(html: string, url: string): Promise<ExtractedRecipe | null> {
  checkMarkup(html);
  cheerio ??= await import('cheerio');
  const $ = cheerio.load(html);
  return fromJsonLd($, url) ?? fromMicrodata($, url) ?? fallback($, url);
}
