import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { type FormWithErrors, hasFieldErrors } from '../lib/form-validation';

/**
 * A form's submit: turning while it sends, disabled while a field shows an error (spec 03 §5). Every
 * form ends with it, alone or inside `SubmitWhenReady` (staff) or `FormActions` (sign-in).
 */
export function SubmitButton({
  form,
  submitting,
  children,
  ...props
}: { form: FormWithErrors; submitting: boolean; children: ReactNode } & Omit<ButtonProps, 'loading' | 'disabled'>) {
  return (
    <Button type="submit" loading={submitting} disabled={hasFieldErrors(form)} {...props}>
      {children}
    </Button>
  );
}
