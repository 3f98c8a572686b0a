/**
 * Whole numbers as every server-written text shows them ("2,000"): plan e-mails, what-to-eat messages,
 * planner errors. The web app writes the same numbers with Intl in the reader's locale (lib/format).
 */
export function wholeNumber(n: number): string {
  // `|| 0`: Math.round of -0 or of -0.4 is -0, which prints as "-0" ("Leaves -0 kcal for the rest of today").
  return (Math.round(n) || 0).toLocaleString('en-US');
}
