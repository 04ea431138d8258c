/*
 * When a form shows a field's error (issue 12 §3 item 6): once the field was left after being
 * changed, or on submit. Mantine's `validateInputOnBlur` also judges a field the user only
 * tabbed through, which put "Veuillez remplir ce champ" under fields nobody had typed in yet.
 * Type-only import: the sign-in routes spread it too and must not load anything more.
 */
import type { UseFormInput } from '@mantine/form';

type EnhanceGetInputProps = NonNullable<UseFormInput<Record<string, unknown>>['enhanceGetInputProps']>;

/** Blur judges the field only when it no longer holds its initial value (touched and changed). */
const validateChangedOnBlur: EnhanceGetInputProps = ({ inputProps, field, form }) => {
  if (!inputProps.onBlur) return undefined;
  return {
    onBlur: () => {
      if (form.isDirty(field)) form.validateField(field);
    },
  };
};

/**
 * Spread into every form's `useForm({ mode: 'controlled', initialValues, ...VALIDATE_WHEN_CHANGED,
 * validate })`. Submit still judges every field (`form.onSubmit`), and typing clears the error
 * shown (Mantine's `clearInputErrorOnChange`).
 */
// biome-ignore lint/suspicious/noExplicitAny: the option is generic in each form's values
export const VALIDATE_WHEN_CHANGED: { validateInputOnBlur: false; enhanceGetInputProps: any } = {
  validateInputOnBlur: false,
  enhanceGetInputProps: validateChangedOnBlur,
};

/** A form as the submit blocks read it: its errors shown. */
export type FormWithErrors = { errors: Record<string, unknown> };

/** A field shows an error: the form may not be sent (spec 03 §5). */
export const hasFieldErrors = (form: FormWithErrors) => Object.keys(form.errors).length > 0;
