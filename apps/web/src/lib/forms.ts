/**
 * A form that refuses to submit says why instead of doing nothing: it marks what is missing or wrong, and this moves
 * the focus to the first such field (the submit button stays enabled, so Enter and a tap always get an answer).
 */
export function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
