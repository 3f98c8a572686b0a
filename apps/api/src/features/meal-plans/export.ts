/** POST /meal-plans/{id}/export?format=email: the plan as an HTML + plain-text mail (spec §7, §8). */
import type { FastifyInstance } from 'fastify';
import escapeHtml from 'escape-html';
import { formatPortion } from '@app/nutrition/portion';
import { readableDay, wholeNumber } from '@app/nutrition/numbers';
import type { UnitsLike } from '@app/nutrition/units';
import { MEAL_PLAN_EMAILED, MEAL_PLAN_EXPORT_FAILED, type MealPlan } from '@app/contracts';
import { conflict, forbidden, HttpError, tooManyRequests, unprocessable } from '../../lib/http-error.ts';
import { getPlan } from './service.ts';
import { recordExport, verifiedEmailOf } from './repository.ts';
import { userZoneAndUnits } from '../health-metrics/repository.ts';

/** Sent exports per user per rolling 24 hours (test_mode renders only and is not counted). */
export const EXPORTS_PER_DAY = 10;
import { shoppingListFor, type ShoppingList } from './planner.ts';

const MEALS = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
// The app's one name per meal (issue 10 item 17: "Snacks" on every screen and in this e-mail).
const MEAL_NAMES: Record<(typeof MEALS)[number], string> = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner', snack: 'Snacks' };
const n0 = wholeNumber;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** `units`: the user's setting; portions are written in them ("3 slices (3.2 oz)" when imperial, issue 42 §2). */
export function renderPlanMail(plan: MealPlan, shopping: ShoppingList | null, units: UnitsLike = 'metric'): RenderedMail {
  const subject = `Your meal plan: ${plan.name}`;
  // One line for both parts (the HTML part had left the fiber goal out).
  const goalsLine = `Daily goals: ${n0(plan.goals.calories)} kcal, ${n0(plan.goals.protein)} g protein, ${n0(plan.goals.carbs)} g carbs, ${n0(plan.goals.fat)} g fat, ${n0(plan.goals.fiber)} g fiber`;
  const text: string[] = [plan.name, `${plan.days} day${plan.days === 1 ? '' : 's'} from ${readableDay(plan.start_date)}`, goalsLine, ''];
  // Every user- or data-derived string goes through escapeHtml (names, units, notes, the plan name).
  const e = escapeHtml;
  const html: string[] = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#222">',
    `<h1>${e(plan.name)}</h1>`,
    `<p>${plan.days} day${plan.days === 1 ? '' : 's'} from ${e(readableDay(plan.start_date))}. ${e(goalsLine)}.</p>`,
  ];
  for (const day of plan.plan_days) {
    text.push(`Day ${day.day_number}: ${readableDay(day.date)}`);
    html.push(`<h2>Day ${day.day_number} <small>${e(readableDay(day.date))}</small></h2>`);
    for (const meal of MEALS) {
      const slot = day.meals[meal];
      if (!slot || !slot.foods.length) continue;
      const totals = `${n0(slot.total_calories)} kcal, P ${n0(slot.total_protein)} g, C ${n0(slot.total_carbs)} g, F ${n0(slot.total_fat)} g`;
      text.push(`  ${MEAL_NAMES[meal]} — ${totals}`);
      html.push(`<h3>${MEAL_NAMES[meal]} <small>${totals}</small></h3><ul>`);
      for (const f of slot.foods) {
        // The same portion text as the plan screen (one function): "White bread: 3 slices (90 g) · 240 kcal".
        const line = `${f.name}: ${formatPortion(f, units)} · ${n0(f.calories)} kcal`;
        text.push(`    - ${line}`);
        html.push(`<li>${e(line)}</li>`);
      }
      html.push('</ul>');
    }
    text.push('');
  }
  if (shopping) {
    text.push('Shopping list');
    html.push('<h2>Shopping list</h2>');
    for (const [category, items] of Object.entries(shopping)) {
      if (!items.length) continue;
      // The plan screen's shopping list writes amounts with the same function: "4 large eggs (200 g)", not "4 large egg (50 g)".
      const lines = items.map((i) => (i.quantity != null && i.unit ? `${i.name} — ${formatPortion({ serving_size: i.quantity, serving_unit: i.unit }, units)}` : i.name));
      text.push(`  ${category}`, ...lines.map((l) => `    - ${l}`));
      html.push(`<h3>${e(category)}</h3><ul>${lines.map((l) => `<li>${e(l)}</li>`).join('')}</ul>`);
    }
  }
  html.push('</body></html>');
  return { subject, html: html.join('\n'), text: text.join('\n') };
}

export async function exportPlan(app: FastifyInstance, userId: number, id: number, body: { email: string; include_shopping_list: boolean; test_mode: boolean }) {
  const plan = await getPlan(app, userId, id);
  // The export is for the user's own inbox: mailing any address made the API an open relay (issue 8).
  const own = await verifiedEmailOf(app.db, userId);
  if (!own) throw forbidden('Verify your e-mail address before e-mailing a meal plan');
  if (body.email.trim().toLowerCase() !== own.toLowerCase()) {
    throw unprocessable(`A meal plan can only be e-mailed to your own verified address (${own})`, ['body', 'email']);
  }
  if (!plan.plan_days.length) throw conflict('This meal plan has no days to export yet');
  let shopping: ShoppingList | null = null;
  if (body.include_shopping_list) {
    try {
      shopping = shoppingListFor(plan.plan_days.map((d) => d.meals));
    } catch (err) {
      app.log.error({ err }, 'shopping list derivation failed');
      throw new HttpError(500, 'Failed to generate shopping list. Please try again.', 'server_error');
    }
  }
  const { units } = await userZoneAndUnits(app.db, userId);
  const mail = renderPlanMail(plan, shopping, units);
  if (body.test_mode) return { ...mail, message: 'Test mode: the e-mail was rendered and not sent.' };
  const quota = await recordExport(app.db, userId, plan.id, EXPORTS_PER_DAY);
  if (!quota.ok) throw tooManyRequests(`You can e-mail up to ${EXPORTS_PER_DAY} meal plans a day. Please try again later.`, quota.retryAfter);
  try {
    await app.mailer.send({ to: own, ...mail });
  } catch (err) {
    // The mail server refused or could not be reached: a gateway failure, not the client's fault.
    app.log.error({ err }, 'meal plan e-mail failed');
    throw new HttpError(502, MEAL_PLAN_EXPORT_FAILED, 'api_error', 'The mail server did not accept the message.');
  }
  return { message: MEAL_PLAN_EMAILED };
}
