import { useMutation } from '@tanstack/react-query';
import { type FormAction, type FormActionOptions, formAction } from './form-action-core';
import { notifyError } from './notify';

export type { FormActionOptions } from './form-action-core';

/**
 * The one way a form sends itself (issue 7 §1): the mutation's pending state is `submitting`, a
 * `validation_failed` answer's per-field messages land under their fields (what was typed stays),
 * and any other failure shows the error popover — the screen's text for a refusal, the shared
 * timeout/network line otherwise. The sign-in routes, which load no query cache, use the same
 * hook's core (`useFormActionCore`, form-action-core.ts).
 */
export function useFormAction<TValues, TResult>(options: FormActionOptions<TValues, TResult>): FormAction<TValues> {
  const mutation = useMutation({ mutationFn: (values: TValues) => options.action(values) });
  const showFailure = options.showFailure ?? ((text: string) => notifyError(text));
  return formAction({ ...options, showFailure }, mutation.mutateAsync, mutation.isPending);
}
