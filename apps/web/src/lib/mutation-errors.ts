import { describeError, isApiError } from './errors';
import { notifyError } from './notifications';

/** True when the API client already alerted this failure (no connection, an ended session, 5xx). */
function wasAlreadyNotified(error: unknown): boolean {
  return isApiError(error) && error.notified;
}

/** A failed mutation's snackbar: `message`, else the server's own text; none when already alerted. */
export function notifyMutationError(error: unknown, message?: string): void {
  if (wasAlreadyNotified(error)) return;
  notifyError(message ?? describeError(error));
}

export interface FormFieldErrorPlacement {
  /** The form's fields that show a server error under themselves. */
  fields: readonly string[];
  /** A server field shown under another form field (e.g. `start` under `month`). */
  renamedFields?: Readonly<Record<string, string>>;
  /** The screen's own words for a failure no field explains, put before the server's text. */
  failureMessage?: string;
}

/** The server's `{"field": "message"}` split into what the form's fields show and what they cannot. */
export function sortServerFieldErrors(
  fieldErrors: Readonly<Record<string, string>>,
  placement: FormFieldErrorPlacement,
): { placed: [field: string, message: string][]; unplaced: string[] } {
  const placed: [string, string][] = [];
  const unplaced: string[] = [];
  for (const [serverField, message] of Object.entries(fieldErrors)) {
    const field = placement.renamedFields?.[serverField] ?? serverField;
    if (placement.fields.includes(field)) placed.push([field, message]);
    else unplaced.push(message);
  }
  return { placed, unplaced };
}

/** What a Mantine form offers for showing an error under a field. */
export interface FieldErrorTarget {
  setFieldError: (field: string, message: string) => void;
}

/**
 * A failed form mutation: each `{"field": [...]}` message goes under its field; a message no field
 * shows (`detail`, a field the form lacks) becomes a snackbar, the first one only.
 */
export function showFormMutationError(
  error: unknown,
  form: FieldErrorTarget,
  placement: FormFieldErrorPlacement,
): void {
  if (wasAlreadyNotified(error)) return;
  const fieldErrors = isApiError(error) ? error.fieldErrors : {};
  const sorted = sortServerFieldErrors(fieldErrors, placement);
  for (const [field, message] of sorted.placed) form.setFieldError(field, message);
  const snackbar = pickFormFailureSnackbar(error, sorted, placement);
  if (snackbar) notifyError(snackbar);
}

/**
 * What a failed form's snackbar says, or null when every message sits under its field: the first
 * message no field shows; else, with nothing placed, the server's text after the screen's own
 * words for the failure.
 */
export function pickFormFailureSnackbar(
  error: unknown,
  sorted: { placed: readonly unknown[]; unplaced: readonly string[] },
  placement: Pick<FormFieldErrorPlacement, 'failureMessage'>,
): string | null {
  if (sorted.unplaced.length > 0) return sorted.unplaced[0] ?? describeError(error);
  if (sorted.placed.length > 0) return null;
  const reason = describeError(error);
  return placement.failureMessage ? `${placement.failureMessage}: ${reason}` : reason;
}

/** `showFormMutationError` as a mutation's `onError`. */
export function createFormMutationErrorHandler(form: FieldErrorTarget, placement: FormFieldErrorPlacement) {
  return (error: unknown) => showFormMutationError(error, form, placement);
}
