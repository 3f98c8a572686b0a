/**
 * One key for every printed form of a product code: UPC-A (12 digits), EAN-13, GTIN-14 and EAN-8 are
 * all GTINs; left-padding with zeros to 14 digits makes the forms of one code equal.
 */
export function toGtin14(code: string): string | null {
  const digits = code.replace(/[\s-]/g, '');
  if (!/^\d{8,14}$/.test(digits)) return null;
  return digits.padStart(14, '0');
}

/** The shortest usual form of a GTIN-14 key, used in `off-<barcode>` ids: EAN-13 or UPC-A without pad zeros. */
export function displayBarcode(gtin14: string): string {
  const trimmed = gtin14.replace(/^0+/, '');
  if (trimmed.length <= 8) return trimmed.padStart(8, '0');
  if (trimmed.length <= 12) return trimmed.padStart(12, '0');
  return trimmed.padStart(13, '0');
}
