/**
 * Units (issue 42 §2): the API and the database are metric (kg, cm, ml, g); the user's `units` setting (metric |
 * imperial) decides only what a person reads and types. One set of conversions and one text per quantity, used by
 * every screen (apps/web/src/lib/units.ts wraps these), every e-mail and every export, so "155.2 lb" is the same
 * figure wherever it appears.
 *
 * Text functions take the value in metric and the units, and return the text as shown: "155.2 lb", "5 ft 9 in",
 * "16 fl oz", "4 oz". Parse functions take what a person typed in their units and return the metric value.
 */

export type Units = 'metric' | 'imperial';
/** Anything that may hold a units setting (null / undefined / an unknown string read as metric). */
export type UnitsLike = Units | string | null | undefined;

export const isImperial = (units: UnitsLike): boolean => units === 'imperial';

/** 1 lb = 0.45359237 kg exactly (international pound). */
export const KG_PER_LB = 0.45359237;
/** Pounds in a kilogram. */
export const LB_PER_KG = 1 / KG_PER_LB;
/** 1 in = 2.54 cm exactly. */
export const CM_PER_IN = 2.54;
export const IN_PER_FT = 12;
/** Millilitres in a US fluid ounce (29.5735 ml). */
export const ML_PER_FL_OZ = 29.5735;
/** Grams in an avoirdupois ounce (28.3495 g). */
export const G_PER_OZ = 28.3495;

export interface TextOptions {
  /** Decimals kept at most ("70 kg", not "70.0 kg"). Each quantity has its own default. */
  digits?: number;
  /** "+0.3 kg" for a change (never "+0" or "-0"). */
  signed?: boolean;
  /** Digits in this locale (the web passes the reader's; server text is en-US). */
  locale?: string;
  /** What goes between the number and the unit: a space, or "\u00a0" to keep them on one line on screen. */
  space?: string;
}

/** `n` rounded half away from zero to `digits` decimals, without "-0". */
function round(n: number, digits: number): number {
  const f = 10 ** digits;
  const r = (Math.sign(n) * Math.round(Number((Math.abs(n) * f).toPrecision(15)))) / f;
  return r || 0;
}

function numberText(value: number, { digits = 1, signed = false, locale = 'en-US' }: TextOptions): string {
  const r = round(value, digits);
  const text = r.toLocaleString(locale, { maximumFractionDigits: digits });
  return `${signed && r > 0 ? '+' : ''}${text}`;
}

/* ── Weight (body weight): kg ↔ lb ─────────────────────────────────────────────────────────────────────────────── */

export const kgToLb = (kg: number): number => kg * LB_PER_KG;
export const lbToKg = (lb: number): number => lb * KG_PER_LB;
export const weightUnit = (units: UnitsLike): 'kg' | 'lb' => (isImperial(units) ? 'lb' : 'kg');

/** A body weight in the user's units as a number, `digits` decimals (1 by default): 80 kg → 176.4 (lb). */
export function weightValue(kg: number, units: UnitsLike, digits = 1): number {
  return round(isImperial(units) ? kgToLb(kg) : kg, digits);
}

/**
 * A weight or a change of weight in the user's units: "70.4 kg", "155.2 lb"; `signed` writes "+0.3 kg" for a
 * change. `digits` is the number of decimals kept (at most; "70 kg", not "70.0 kg").
 */
export function weightText(kg: number, units: UnitsLike, opts: TextOptions = {}): string {
  const value = isImperial(units) ? kgToLb(kg) : kg;
  return `${numberText(value, { digits: 1, ...opts })}${opts.space ?? ' '}${weightUnit(units)}`;
}

/** A weight typed in the user's units (kg or lb) as kg, to the gram. */
export function weightToKg(value: number, units: UnitsLike): number {
  return round(isImperial(units) ? lbToKg(value) : value, 3);
}

/* ── Height: cm ↔ ft + in ──────────────────────────────────────────────────────────────────────────────────────── */

/** Feet and inches to cm: 5 ft 9 in = 175.26 cm. Inches may carry a decimal; feet alone or inches alone work too. */
export function ftInToCm(ft: number, inches = 0): number {
  return round((ft * IN_PER_FT + inches) * CM_PER_IN, 2);
}

/** cm as whole feet and inches, inches rounded to `inchDigits` decimals (0: whole inches); 12 in carries to a foot. */
export function cmToFtIn(cm: number, inchDigits = 0): { ft: number; in: number } {
  const total = round(cm / CM_PER_IN, inchDigits);
  const ft = Math.floor(total / IN_PER_FT);
  return { ft, in: round(total - ft * IN_PER_FT, inchDigits) };
}

/** "5 ft 9 in" (whole inches) or "175 cm" (whole cm). Under a foot: "11 in". */
export function heightText(cm: number, units: UnitsLike, opts: TextOptions = {}): string {
  const space = opts.space ?? ' ';
  if (!isImperial(units)) return `${numberText(cm, { digits: 0, ...opts })}${space}cm`;
  const { ft, in: inches } = cmToFtIn(cm, opts.digits ?? 0);
  const inText = `${numberText(inches, { digits: 0, ...opts })}${space}in`;
  return ft > 0 ? `${ft}${space}ft ${inText}` : inText;
}

/* ── Volume (drinks, water): ml ↔ US fl oz ─────────────────────────────────────────────────────────────────────── */

export const mlToFlOz = (ml: number): number => ml / ML_PER_FL_OZ;
export const flOzToMl = (flOz: number): number => flOz * ML_PER_FL_OZ;
export const volumeUnit = (units: UnitsLike): 'ml' | 'fl oz' => (isImperial(units) ? 'fl oz' : 'ml');

/** A volume in the user's units as a number: whole ml; fl oz to one decimal. */
export function volumeValue(ml: number, units: UnitsLike): number {
  return isImperial(units) ? round(mlToFlOz(ml), 1) : round(ml, 0);
}

/** "473 ml" or "16 fl oz" (fl oz to one decimal: "8.5 fl oz"). */
export function volumeText(ml: number, units: UnitsLike, opts: TextOptions = {}): string {
  const imperial = isImperial(units);
  const value = imperial ? mlToFlOz(ml) : ml;
  return `${numberText(value, { digits: imperial ? 1 : 0, ...opts })}${opts.space ?? ' '}${volumeUnit(units)}`;
}

/** A volume typed in the user's units (ml or fl oz) as whole ml. */
export function volumeToMl(value: number, units: UnitsLike): number {
  return round(isImperial(units) ? flOzToMl(value) : value, 0);
}

/* ── Mass (food, servings): g ↔ oz ─────────────────────────────────────────────────────────────────────────────── */

export const gToOz = (g: number): number => g / G_PER_OZ;
export const ozToG = (oz: number): number => oz * G_PER_OZ;
export const massUnit = (units: UnitsLike): 'g' | 'oz' => (isImperial(units) ? 'oz' : 'g');

/** A food's weight in the user's units as a number: grams whole (one decimal under 10 g); oz to one decimal. */
export function massValue(g: number, units: UnitsLike): number {
  if (isImperial(units)) return round(gToOz(g), 1);
  return round(g, Math.abs(g) < 10 ? 1 : 0);
}

/** "113 g" (one decimal under 10 g: "2.5 g") or "4 oz" (one decimal: "3.5 oz"). */
export function massText(g: number, units: UnitsLike, opts: TextOptions = {}): string {
  const imperial = isImperial(units);
  const digits = imperial ? 1 : Math.abs(g) < 10 ? 1 : 0;
  return `${numberText(imperial ? gToOz(g) : g, { digits, ...opts })}${opts.space ?? ' '}${massUnit(units)}`;
}

/** A food weight typed in the user's units (g or oz) as grams, to 0.01 g (what the API stores). */
export function massToG(value: number, units: UnitsLike): number {
  return round(isImperial(units) ? ozToG(value) : value, 2);
}

/* ── Parsing what a person typed ───────────────────────────────────────────────────────────────────────────────── */

/** A number typed with a point or a comma ("70.5", "70,5"); null when it is not one. */
export function parseNumber(text: string | null | undefined): number | null {
  const t = (text ?? '').trim().replace(/\s+/g, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/**
 * A weight as typed, in the user's units unless it names its own ("176 lb", "80 kg", "176"), as kg; null when it
 * cannot be read.
 */
export function parseWeight(text: string, units: UnitsLike): number | null {
  const m = /^\s*([\d.,]+)\s*(kg|kgs|kilos?|lb|lbs|pounds?)?\.?\s*$/i.exec(text);
  if (!m) return null;
  const n = parseNumber(m[1]);
  if (n === null) return null;
  const unit = m[2]?.toLowerCase();
  const imperial = unit ? unit.startsWith('l') || unit.startsWith('p') : isImperial(units);
  return weightToKg(n, imperial ? 'imperial' : 'metric');
}

/**
 * A height as typed, as cm: "5 ft 9 in", "5'9\"", "5' 9", "5 9" (imperial), "69 in", "175 cm", "175" (metric), or
 * "1.75 m". Null when it cannot be read.
 */
export function parseHeight(text: string, units: UnitsLike): number | null {
  const t = text.trim().toLowerCase().replace(/[′’]/g, "'").replace(/[″”]/g, '"');
  const ftIn = /^(\d+(?:[.,]\d+)?)\s*(?:ft|feet|foot|')\s*(?:(\d+(?:[.,]\d+)?)\s*(?:in|inches|inch|"|'')?)?$/.exec(t);
  if (ftIn) return ftInToCm(parseNumber(ftIn[1])!, ftIn[2] ? parseNumber(ftIn[2])! : 0);
  const inOnly = /^(\d+(?:[.,]\d+)?)\s*(?:in|inches|inch|")$/.exec(t);
  if (inOnly) return ftInToCm(0, parseNumber(inOnly[1])!);
  const cm = /^(\d+(?:[.,]\d+)?)\s*cm$/.exec(t);
  if (cm) return round(parseNumber(cm[1])!, 2);
  const m = /^(\d(?:[.,]\d+)?)\s*m$/.exec(t);
  if (m) return round(parseNumber(m[1])! * 100, 2);
  if (isImperial(units)) {
    const pair = /^(\d)\s+(\d{1,2}(?:[.,]\d+)?)$/.exec(t);
    if (pair) return ftInToCm(Number(pair[1]), parseNumber(pair[2])!);
    const n = parseNumber(t);
    // A bare number: feet when it is a plausible height in feet (5, 5.5), otherwise inches (69).
    if (n !== null) return n < 9 ? ftInToCm(n) : ftInToCm(0, n);
    return null;
  }
  const n = parseNumber(t);
  return n === null ? null : round(n, 2);
}

/** A volume as typed, in the user's units unless it names its own ("16 fl oz", "500 ml", "16"), as whole ml. */
export function parseVolume(text: string, units: UnitsLike): number | null {
  const m = /^\s*([\d.,]+)\s*(ml|millilit(?:er|re)s?|fl\.?\s*oz|fluid ounces?|oz)?\s*$/i.exec(text);
  if (!m) return null;
  const n = parseNumber(m[1]);
  if (n === null) return null;
  const unit = m[2]?.toLowerCase();
  const imperial = unit ? !unit.startsWith('m') : isImperial(units);
  return volumeToMl(n, imperial ? 'imperial' : 'metric');
}

/** A food weight as typed, in the user's units unless it names its own ("4 oz", "113 g", "4"), as grams. */
export function parseMass(text: string, units: UnitsLike): number | null {
  const m = /^\s*([\d.,]+)\s*(g|grams?|oz|ounces?)?\s*$/i.exec(text);
  if (!m) return null;
  const n = parseNumber(m[1]);
  if (n === null) return null;
  const unit = m[2]?.toLowerCase();
  const imperial = unit ? unit.startsWith('o') : isImperial(units);
  return massToG(n, imperial ? 'imperial' : 'metric');
}
