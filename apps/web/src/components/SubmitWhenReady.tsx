import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import type { FormWithErrors } from '../lib/form-validation';
import { SubmitButton } from './SubmitButton';

/**
 * A staff form's submit as the specification shows it: "appears only when" the required fields
 * are filled (spec 01 §5, spec 02 §8). Until then a line in its place says what is missing, so the
 * hidden button never leaves the user guessing. Shown, it is disabled while a field is in error.
 */
export function SubmitWhenReady({
  ready,
  form,
  submitting,
  hint,
  children,
}: {
  /** Every required field is filled. */
  ready: boolean;
  /** The form: a field in error disables the button. */
  form: FormWithErrors;
  submitting: boolean;
  /** What to fill, in place of the button (default: the required fields). */
  hint?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (!ready) {
    return (
      <Text size="sm" c="dimmed" ta="right" aria-live="polite">
        {hint ?? t('common.completeToSave')}
      </Text>
    );
  }
  return (
    <SubmitButton form={form} submitting={submitting}>
      {children}
    </SubmitButton>
  );
}
