import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormWithErrors } from '../lib/form-validation';
import { SubmitButton } from './SubmitButton';

/** The end of every sign-in form: the server's refusal, announced, then the submit button. */
export function FormActions({
  failure,
  submitting,
  form,
  label,
}: {
  failure: string | null;
  submitting: boolean;
  /** The form: a field in error disables the button (spec 03 §5). */
  form: FormWithErrors;
  label: string;
}) {
  return (
    <>
      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
          {failure}
        </Alert>
      ) : null}
      <SubmitButton form={form} submitting={submitting} size="md" fullWidth>
        {label}
      </SubmitButton>
    </>
  );
}
