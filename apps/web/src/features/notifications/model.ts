import { BADGE_DISPLAY_CAP } from '@app/contracts/constants';
import { foodLogOfferLink, isMealType, offerFoods, type FoodLogOffer, type OfferFood } from '../../lib/food-log-offer';

/** Badge text (spec §2): hidden (null) at 0, capped at '99+'. */
export function badgeText(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > BADGE_DISPLAY_CAP ? `${BADGE_DISPLAY_CAP}+` : String(Math.floor(unread));
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Keeps the page inside the list after deletions shrink it. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(0, page), pageCount(total, pageSize) - 1);
}

/** The 'n / total' indicator: current page (1-based) over the number of pages. */
export function pageLabel(page: number, total: number, pageSize: number): string {
  return `${clampPage(page, total, pageSize) + 1} / ${pageCount(total, pageSize)}`;
}

/** A meal option inside a meal_reminder's data (fields are optional: older rows may lack some). */
export interface MealOption {
  name: string;
  restaurant?: string;
  address?: string;
  description?: string;
  calories?: number;
  protein?: number;
  carbs?: number;
  fat?: number;
  /** Every food of the option with its amount: 'Log This Food' offers them all, in the reminder's meal. */
  foods: OfferFood[];
  meal_type?: FoodLogOffer['meal_type'];
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** Reads `data.options` defensively: notification data is free-form JSON. */
export function mealOptions(data: Record<string, unknown>): MealOption[] {
  const raw = data.options;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((o): MealOption[] => {
    if (!o || typeof o !== 'object') return [];
    const r = o as Record<string, unknown>;
    const name = str(r.name) ?? str(r.food_name);
    if (!name) return [];
    const meal_type = isMealType(r.meal_type) ? r.meal_type : isMealType(data.meal_type) ? data.meal_type : undefined;
    return [{ name, restaurant: str(r.restaurant), address: str(r.address), description: str(r.description), calories: num(r.calories), protein: num(r.protein), carbs: num(r.carbs), fat: num(r.fat), foods: offerFoods(r.foods), ...(meal_type ? { meal_type } : {}) }];
  });
}

const LOCATION_LABELS: Record<string, string> = { home: 'At home', work: 'At work', other: 'Out and about' };
export function locationLabel(data: Record<string, unknown>): string | null {
  const v = str(data.location_context);
  return v ? (LOCATION_LABELS[v] ?? v) : null;
}

/** plus / pro notifications: restaurant name and distance in km (distance arrives in km or as text). */
export function restaurantLine(data: Record<string, unknown>): string | null {
  const r = data.restaurant;
  const name = str(r) ?? (r && typeof r === 'object' ? str((r as Record<string, unknown>).name) : undefined);
  const distance = num(data.distance);
  if (!name && distance === undefined) return null;
  const km = distance === undefined ? '' : `${distance.toFixed(1)} km`;
  return [name, km].filter(Boolean).join(' · ');
}

/**
 * Where "Log This Food" goes (spec §2): /food-log with the food parameter (the option's name), and the whole
 * option in the navigation state, so the food log offers every food of it, with its amount, in its meal.
 */
export function foodLogLink(option: string | Pick<MealOption, 'name' | 'foods' | 'meal_type'>) {
  const o = typeof option === 'string' ? { name: option, foods: [] } : option;
  return foodLogOfferLink({ name: o.name, foods: o.foods, ...(o.meal_type ? { meal_type: o.meal_type } : {}) });
}
