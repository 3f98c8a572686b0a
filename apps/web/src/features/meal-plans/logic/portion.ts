/**
 * Portions as a person reads them. Catalogue units carry their gram weight per unit, e.g.
 * "oz (28.4 g)"; "7 oz (28.4 g)" would read as if 7 oz weighed 28.4 g, so the grams are scaled
 * to the whole amount: "7 oz (199 g)".
 */
const UNIT_WITH_GRAMS = /^(.*?)\s*\(([\d.]+)\s*g\)\s*$/;

const amount = (n: number) => (Math.round(n * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

export function portionText(size: number | null | undefined, unit: string | null | undefined): string {
  if (size == null || !Number.isFinite(size)) return unit ?? '';
  const u = (unit ?? '').trim();
  const m = UNIT_WITH_GRAMS.exec(u);
  const name = m ? m[1] : u;
  // A unit that is itself an amount ("1/4 avocado") is counted with ×: "2 × 1/4 avocado".
  const count = /^[\d½¼¾⅓⅔]/.test(name) ? `${amount(size)} ×` : amount(size);
  if (m) return `${count} ${name} (${Math.round(size * Number(m[2]))} g)`;
  return `${count} ${u}`.trim();
}
