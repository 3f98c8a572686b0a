/**
 * Measures people use when they say what they ate that an ingredient parser does not know ("a glass of milk",
 * "a handful of almonds", "a mug of coffee"), in parse-ingredient's unit-definition shape (plain data, so this package
 * needs no dependency): volumes carry their millilitres, so the parser's convertUnit reads them like a cup.
 */
export interface SpokenUnit {
  short: string;
  plural: string;
  alternates: string[];
  type: 'volume' | 'mass' | 'count' | 'other';
  conversionFactor?: number;
}

/** Volumes in millilitres: a glass or a mug of a drink is about a cup (8 fl oz); a bowl about 1¼ cups. */
export const GLASS_ML = 240;
export const MUG_ML = 240;
export const BOWL_ML = 300;
export const SHOT_ML = 40;

export const SPOKEN_UNITS: Record<string, SpokenUnit> = {
  glass: { short: 'glass', plural: 'glasses', alternates: ['glassful'], type: 'volume', conversionFactor: GLASS_ML },
  mug: { short: 'mug', plural: 'mugs', alternates: ['mugful'], type: 'volume', conversionFactor: MUG_ML },
  bowl: { short: 'bowl', plural: 'bowls', alternates: ['bowlful'], type: 'volume', conversionFactor: BOWL_ML },
  shot: { short: 'shot', plural: 'shots', alternates: [], type: 'volume', conversionFactor: SHOT_ML },
  slice: { short: 'slice', plural: 'slices', alternates: ['slc'], type: 'count' },
  handful: { short: 'handful', plural: 'handfuls', alternates: [], type: 'other' },
  pat: { short: 'pat', plural: 'pats', alternates: ['knob', 'knobs', 'dab'], type: 'count' },
  strip: { short: 'strip', plural: 'strips', alternates: ['rasher', 'rashers'], type: 'count' },
  scoop: { short: 'scoop', plural: 'scoops', alternates: [], type: 'count' },
  bottle: { short: 'bottle', plural: 'bottles', alternates: [], type: 'count' },
  bar: { short: 'bar', plural: 'bars', alternates: [], type: 'count' },
  square: { short: 'square', plural: 'squares', alternates: [], type: 'count' },
  serving: { short: 'serving', plural: 'servings', alternates: ['portion', 'portions', 'helping', 'helpings'], type: 'count' },
  fillet: { short: 'fillet', plural: 'fillets', alternates: ['filet', 'filets'], type: 'count' },
  spoon: { short: 'spoon', plural: 'spoons', alternates: ['spoonful', 'spoonfuls'], type: 'volume', conversionFactor: 14.787 },
  container: { short: 'container', plural: 'containers', alternates: ['tub', 'tubs', 'pot', 'pots', 'carton', 'cartons'], type: 'count' },
  packet: { short: 'packet', plural: 'packets', alternates: ['sachet', 'sachets', 'pouch', 'pouches'], type: 'count' },
};

/** Size words, read as the food's own small/medium/large measure. */
export const SIZE_UNITS = ['small', 'medium', 'large'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];
export const isSize = (unit: string | null | undefined): unit is SizeUnit => !!unit && (SIZE_UNITS as readonly string[]).includes(unit);
