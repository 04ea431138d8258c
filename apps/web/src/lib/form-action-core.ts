/*
 * What a form needs to send itself, without TanStack Query: the core of `useFormAction`
 * (use-form-action.ts builds on it) and, for the sign-in routes that load no query cache and no
 * zod, `useFormActionCore` and `lazySchemaResolver`. One module, so that those routes load one
 * chunk for both (login budget, decisions.md).
 */
import { type FormErrors, schemaResolver } from '@mantine/form';
import { useState } from 'react';
import { type ApiError, isApiError } from './api-error';
import { genericErrorText } from './error-text';

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

/** The core shows every failure where the screen says (no popover: it would load the notices). */
export type FormActionCoreOptions<TValues, TResult> = FormActionOptions<TValues, TResult> & {
  showFailure: (text: string) => void;
};

export interface FormAction<TValues> {
  /** For `form.onSubmit`: never rejects, the failure is shown. */
  submit: (values: TValues) => Promise<void>;
  submitting: boolean;
}

/** Whether the form holds a field, nested ones by their dotted path (`goodReasons.0.reason`). */
function hasField(values: object, path: string): boolean {
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * Where a failure goes: a `validation_failed` answer's per-field messages under their fields
 * (what was typed stays), a refusal the screen handles to the screen, any other one to the
 * popover — the screen's text for a refusal, the shared timeout/network line otherwise.
 */
function showFailureOf<TValues, TResult>(error: unknown, options: FormActionCoreOptions<TValues, TResult>) {
  const { form, fallback, fields = {}, unmappedField, validationNotice, handleError, showFailure } = options;
  if (isApiError(error) && handleError?.(error)) return;
  if (isApiError(error) && error.code === 'validation_failed') {
    let placed = false;
    for (const [serverField, messages] of Object.entries(error.errors)) {
      const field = fields[serverField] ?? serverField;
      if (hasField(form.values, field) && messages[0]) {
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

/**
 * A form action from a runner of the call and its pending flag: `useFormAction` passes a
 * TanStack mutation, `useFormActionCore` a plain state. Both behave the same.
 */
export function formAction<TValues, TResult>(
  options: FormActionCoreOptions<TValues, TResult>,
  run: (values: TValues) => Promise<TResult>,
  submitting: boolean,
): FormAction<TValues> {
  async function submit(values: TValues): Promise<void> {
    try {
      const result = await run(values);
      options.onSuccess?.(result, values);
    } catch (error) {
      showFailureOf(error, options);
    }
  }
  return { submit, submitting };
}

/**
 * `useFormAction` without TanStack Query, for the sign-in routes: they load no query cache, to
 * keep the login route within its budget (decisions.md). Same options and behaviour, except that
 * failures go to `showFailure` (their inline alert), which is required.
 */
export function useFormActionCore<TValues, TResult>(options: FormActionCoreOptions<TValues, TResult>): FormAction<TValues> {
  const [submitting, setSubmitting] = useState(false);
  async function run(values: TValues): Promise<TResult> {
    setSubmitting(true);
    try {
      return await options.action(values);
    } finally {
      setSubmitting(false);
    }
  }
  return formAction(options, run, submitting);
}

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A Mantine form resolver whose contract schema is loaded by the form's first use instead of
 * with the route: the login route's 150 KB budget has no room for zod (decisions.md); the
 * forgot-password screen does the same rather than bring zod for one check. Call
 * `preload` when the visitor reaches the form (focus); blur and submit wait for the schema.
 * If it cannot load, nothing is checked in the browser and the server's answer is shown.
 */
export function lazySchemaResolver(load: () => Promise<Schema>) {
  let loading: Promise<Schema> | null = null;

  function schema(): Promise<Schema> {
    loading ??= load().catch((error: unknown) => {
      loading = null; // the next use tries again
      throw error;
    });
    return loading;
  }

  async function validate(values: unknown): Promise<FormErrors> {
    try {
      return schemaResolver(await schema(), { sync: true })(values);
    } catch {
      return {};
    }
  }

  return {
    validate,
    preload: () => {
      schema().catch(() => {});
    },
  };
}
