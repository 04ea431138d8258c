import { useMutation } from '@tanstack/react-query';
import { type ApiError, isApiError } from '../api/http';
import { genericErrorText } from './error-text';
import { notifyError } from './notify';

/** The part of a Mantine form the hook writes to. */
interface FieldErrorTarget {
  values: object;
  setFieldError: (field: string, message: string) => void;
}

export interface FormActionOptions<TValues, TResult> {
  /** The call to the API. */
  action: (values: TValues) => Promise<TResult>;
  /** Where a `validation_failed` answer's per-field messages go. */
  form: FieldErrorTarget;
  /**
   * The popover text (spec 00 §8) for a refusal the screen does not handle itself; a function
   * chooses the whole text itself (including the timeout/network cases).
   */
  fallback: string | ((error: unknown) => string);
  /** Where a failure's text goes instead of the popover (the sign-in screens' inline alert). */
  showFailure?: (text: string) => void;
  /** Server field name → form field, when they differ; otherwise a server field is used as is. */
  fields?: Record<string, string>;
  /**
   * A `validation_failed` answer naming no field of this form: its message goes under this field
   * (default: the server's message in the popover, unless `validationNotice` is given).
   */
  unmappedField?: string;
  /** Also shown in the popover after the per-field messages are placed. */
  validationNotice?: string;
  /** A screen-specific refusal (e.g. `same_email`): return true once handled. */
  handleError?: (error: ApiError) => boolean;
  onSuccess?: (result: TResult, values: TValues) => void;
}

/**
 * The one way a form sends itself (issue 7 §1): the mutation's pending state is `submitting`, a
 * `validation_failed` answer's per-field messages land under their fields (what was typed stays),
 * and any other failure shows the error popover — the screen's text for a refusal, the shared
 * timeout/network line otherwise.
 */
export function useFormAction<TValues, TResult>(options: FormActionOptions<TValues, TResult>) {
  const { action, form, fallback, fields = {}, unmappedField, validationNotice, handleError, onSuccess } = options;
  const showFailure = options.showFailure ?? ((text: string) => notifyError(text));
  const mutation = useMutation({ mutationFn: (values: TValues) => action(values) });

  function showError(error: unknown) {
    if (isApiError(error) && handleError?.(error)) return;
    if (isApiError(error) && error.code === 'validation_failed') {
      let placed = false;
      for (const [serverField, messages] of Object.entries(error.errors)) {
        const field = fields[serverField] ?? serverField;
        if (field in form.values && messages[0]) {
          form.setFieldError(field, messages[0]);
          placed = true;
        }
      }
      if (!placed && unmappedField) form.setFieldError(unmappedField, error.message);
      else if (!placed && !validationNotice) showFailure(error.message);
      if (validationNotice) showFailure(validationNotice);
      return;
    }
    if (typeof fallback === 'function') showFailure(fallback(error));
    else showFailure(isApiError(error) && error.status >= 400 ? fallback : genericErrorText(error));
  }

  /** For `form.onSubmit`: never rejects, the failure is shown. */
  async function submit(values: TValues): Promise<void> {
    try {
      const result = await mutation.mutateAsync(values);
      onSuccess?.(result, values);
    } catch (error) {
      showError(error);
    }
  }

  return { submit, submitting: mutation.isPending };
}
