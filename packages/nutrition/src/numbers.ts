/**
 * Whole numbers as every server-written text shows them ("2,000"): plan e-mails, what-to-eat messages,
 * planner errors. The web app writes the same numbers with Intl in the reader's locale (lib/format).
 */
export function wholeNumber(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
