import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The end of every sign-in form: the server's refusal, announced, then the submit button. */
export function FormActions({
  failure,
  submitting,
  blocked,
  label,
}: {
  failure: string | null;
  submitting: boolean;
  /** A field is in error: the form may not be sent (spec 03 §5). */
  blocked: boolean;
  label: string;
}) {
  return (
    <>
      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" size="md" fullWidth loading={submitting} disabled={blocked}>
        {label}
      </Button>
    </>
  );
}
