/**
 * The shopping list of a plan, derived in the client (spec §5 rules, §3 categories) by
 * @app/nutrition/shopping-list, plus the plain-text and printable forms the screen offers.
 */
import { buildShoppingList, SHOPPING_CATEGORIES, type ShoppingItem, type ShoppingList } from '@app/nutrition/shopping-list';
import type { PlanDay } from '../types';
import { formatPortion } from '@app/nutrition/portion';
import type { UnitsLike } from '@app/nutrition/units';

export type { ShoppingItem, ShoppingList };
export { SHOPPING_CATEGORIES };

/** Placeholder days are not food anyone should buy. */
export function shoppingListFor(days: ReadonlyArray<PlanDay>): ShoppingList {
  return buildShoppingList(days.filter((d) => !d.placeholder));
}

export const itemCount = (list: ShoppingList) => SHOPPING_CATEGORIES.reduce((n, c) => n + list[c].length, 0);

/** `units`: amounts in ounces / fl oz when imperial, as the plan e-mail writes them (issue 42 §2). */
export function quantityText(item: ShoppingItem, units: UnitsLike = 'metric'): string {
  if (item.quantity == null || !item.unit) return '';
  return formatPortion({ serving_size: item.quantity, serving_unit: item.unit }, units);
}

/** Plain text for the clipboard: a heading per non-empty category, one "- name (qty)" line per item. */
export function shoppingListText(title: string, list: ShoppingList, units: UnitsLike = 'metric'): string {
  const blocks = SHOPPING_CATEGORIES.filter((c) => list[c].length > 0).map((c) => {
    const lines = list[c].map((i) => {
      const q = quantityText(i, units);
      return `- ${i.name}${q ? ` (${q})` : ''}`;
    });
    return [c, ...lines].join('\n');
  });
  return [`Shopping list: ${title}`, ...blocks].join('\n\n');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A standalone printable page (checkboxes to tick while shopping). All text is escaped. */
export function shoppingListHtml(title: string, list: ShoppingList, units: UnitsLike = 'metric'): string {
  const sections = SHOPPING_CATEGORIES.filter((c) => list[c].length > 0)
    .map((c) => {
      const items = list[c].map((i) => `<li><span class="box"></span>${escapeHtml(i.name)} <em>${escapeHtml(quantityText(i, units))}</em></li>`).join('');
      return `<h2>${escapeHtml(c)}</h2><ul>${items}</ul>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`Shopping list: ${title}`)}</title><style>
body{font-family:system-ui,sans-serif;margin:24px;color:#111}h1{font-size:20px}h2{font-size:15px;margin:18px 0 6px;border-bottom:1px solid #ccc}
ul{list-style:none;padding:0;margin:0;columns:2}li{padding:3px 0;break-inside:avoid}em{color:#555;font-style:normal}
.box{display:inline-block;width:11px;height:11px;border:1px solid #333;margin-right:8px;vertical-align:-1px}</style></head>
<body><h1>${escapeHtml(`Shopping list: ${title}`)}</h1>${sections}</body></html>`;
}
