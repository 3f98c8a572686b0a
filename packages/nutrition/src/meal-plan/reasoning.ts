/** One real sentence per plan food saying why it is there, from its role and numbers. */
import { wholeNumber } from '../numbers.js';
import type { CatalogueFood, Macros, MealType } from './types.js';

const r = (x: number): number => Math.round(x);

export function reasoningFor(f: CatalogueFood, n: Macros, meal: MealType, favourite: boolean): string {
  const fav = favourite ? 'One of your favourite foods. ' : '';
  const kcal = wholeNumber(n.calories);
  const density = n.calories > 0 ? (n.protein * 4) / n.calories : 0;
  let why: string;
  switch (f.role) {
    case 'protein':
      why = density >= 0.6
        ? `Lean protein: ${r(n.protein)} g protein for ${kcal} kcal keeps ${meal} on your protein target.`
        : `${r(n.protein)} g protein and ${r(n.fat)} g fat (${kcal} kcal) anchor ${meal} and keep you full.`;
      break;
    case 'starch':
      why = `${r(n.carbs)} g carbs${n.fiber >= 3 ? ` and ${r(n.fiber)} g fiber` : ''} (${kcal} kcal) fuel your ${meal} and count toward the day's carbs.`;
      break;
    case 'vegetable':
      why = `Adds volume, ${n.fiber >= 1 ? `${r(n.fiber)} g fiber` : 'crunch'} and vitamins for only ${kcal} kcal.`;
      break;
    case 'fruit':
      why = `Natural sweetness: ${r(n.carbs)} g carbs${n.fiber >= 1 ? ` with ${r(n.fiber)} g fiber` : ''} for ${kcal} kcal.`;
      break;
    case 'dairy':
      why = `${r(n.protein)} g protein plus calcium for ${kcal} kcal.`;
      break;
    case 'fat':
      why = `${r(n.fat)} g of fat (${kcal} kcal) rounds out this meal's fat and helps absorb vitamins.`;
      break;
    case 'drink':
      why = `A ${kcal} kcal drink that adds ${n.protein >= 5 ? `${r(n.protein)} g protein` : `${r(n.carbs)} g carbs`} without another dish.`;
      break;
    default:
      why = `A ${kcal} kcal ${meal === 'snack' ? 'snack' : 'extra'} that tops up ${n.fat * 9 > n.carbs * 4 ? 'fat' : 'carbs'} where the day was short.`;
  }
  return fav + why;
}
