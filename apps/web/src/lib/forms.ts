import type { FormEvent } from 'react';
import { formatNumber } from './format';

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

/**
 * A field's error props for a form that says why: once a submit was refused, the field's reason (if it has one)
 * under it. `<TextInput {...said(refused, !email.trim() && 'Enter your e-mail')} />`.
 */
export function said(refused: boolean, why: string | false | null | undefined): { error: boolean; helperText?: string } {
  return refused && why ? { error: true, helperText: why } : { error: false };
}

/** A number field's text outside [min, max] (or empty): "From 1 to 1,000", else null. The bounds are the API's. */
export function rangeError(text: string, min: number, max: number): string | null {
  const n = Number(text);
  if (text.trim() !== '' && Number.isFinite(n) && n >= min && n <= max) return null;
  return `From ${formatNumber(min, undefined, 2)} to ${formatNumber(max, undefined, 2)}`;
}
