/**
 * Units on screen (issue 42 §2): a thin wrapper over @app/nutrition/units, the one set of conversions and texts that
 * e-mails and exports use too, so a weight reads "155.2 lb" on the dashboard, in the weekly e-mail and in the CSV.
 * The API is metric on the wire (kg, cm, ml, g); the user's `units` setting decides what people see and type.
 * Screens pass the reader's locale for the digits; the number and its unit stay on one line.
 */
import {
  heightText,
  KG_PER_LB,
  massText,
  massUnit,
  massValue,
  massToG,
  volumeText,
  volumeToMl,
  volumeUnit,
  volumeValue,
  weightText,
  weightToKg,
  weightUnit,
  weightValue,
  type TextOptions,
  type Units,
} from '@app/nutrition/units';
import { safeLocale } from './format';

export type { Units };
export { KG_PER_LB, G_PER_OZ, ML_PER_FL_OZ, cmToFtIn, ftInToCm, parseHeight, parseMass, parseVolume, parseWeight } from '@app/nutrition/units';

const locale = () => safeLocale(typeof navigator !== 'undefined' ? navigator.language : null);
const screen = (opts: TextOptions = {}): TextOptions => ({ locale: locale(), ...opts });

/** A body weight as the number a person reads and types (one decimal): 80 kg → 176.4 when imperial. */
export const toDisplay = (kg: number, units: Units) => weightValue(kg, units);
/** A weight typed in the user's units back to kg (to the gram), what the API takes. */
export const fromDisplay = (value: number, units: Units) => weightToKg(value, units);
/** "kg" or "lb". */
export const unitLabel = (units: Units) => weightUnit(units);
/** "80 kg", "176.4 lb"; `signed` for a change ("-1.2 lb"). */
export const formatWeight = (kg: number, units: Units, opts?: TextOptions) => weightText(kg, units, screen(opts));

/** "175 cm" or "5 ft 9 in". */
export const formatHeight = (cm: number, units: Units, opts?: TextOptions) => heightText(cm, units, screen(opts));

/** "473 ml" or "16 fl oz" (drinks, water). */
export const formatVolume = (ml: number, units: Units, opts?: TextOptions) => volumeText(ml, units, screen(opts));
export const volumeLabel = (units: Units) => volumeUnit(units);
export const volumeToDisplay = (ml: number, units: Units) => volumeValue(ml, units);
export const volumeFromDisplay = (value: number, units: Units) => volumeToMl(value, units);

/** A food's weight: "113 g" or "4 oz". */
export const formatMass = (g: number, units: Units, opts?: TextOptions) => massText(g, units, screen(opts));
export const massLabel = (units: Units) => massUnit(units);
export const massToDisplay = (g: number, units: Units) => massValue(g, units);
export const massFromDisplay = (value: number, units: Units) => massToG(value, units);

/**
 * A food measure's description in the user's units: the weight in brackets in ounces when imperial,
 * "1 breast (172 g)" → "1 breast (6.1 oz)"; a bare weight "170.1 g" → "6 oz". Metric keeps the text as it is.
 * The search results, the serving picker and the log's entries all write measures with it.
 */
export function servingDescriptionText(description: string, units: Units = 'metric'): string {
  if (units !== 'imperial') return description;
  const bare = /^(\d+(?:\.\d+)?) g$/.exec(description.trim());
  if (bare) return formatMass(Number(bare[1]), units);
  return description.replace(/\((\d+(?:\.\d+)?) g\)\s*$/, (_, g: string) => `(${formatMass(Number(g), units)})`);
}
