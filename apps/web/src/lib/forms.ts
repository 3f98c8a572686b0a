import type { FormEvent } from 'react';

/**
 * A form that refuses to submit says why instead of doing nothing: it marks what is missing or wrong, and this moves
 * the focus to the first such field (the submit button stays enabled, so Enter and a tap always get an answer).
 */
export function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * A form's submit handler: submits when the form is valid; otherwise calls `refused` (the form then shows its
 * field messages) and moves the focus to the first field marked invalid.
 */
export function submitOrSayWhy(invalid: boolean, submit: () => unknown, refused: () => void) {
  return (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!invalid) return void submit();
    refused();
    focusFirstInvalid(e.currentTarget);
  };
}
