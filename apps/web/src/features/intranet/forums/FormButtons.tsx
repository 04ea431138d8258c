import { Button, Group } from '@mantine/core';
import { SubmitWhenReady } from '../../../components/SubmitWhenReady';
import { useTranslation } from '../../../i18n';
import type { FormWithErrors } from '../../../lib/form-validation';

/**
 * The end of a forum form: cancel (when editing in place) and the submit, shown once the form is
 * complete (spec 02 §8: "otherwise submit is hidden") and blocked while a field shows an error.
 */
export function FormButtons({
  onCancel,
  submitting,
  ready,
  form,
  hint,
  label,
}: {
  onCancel?: () => void;
  submitting: boolean;
  ready: boolean;
  form: FormWithErrors;
  hint: string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel ? (
        <Button variant="default" onClick={onCancel}>
          {t('forums.form.cancel')}
        </Button>
      ) : null}
      <SubmitWhenReady ready={ready} form={form} submitting={submitting} hint={hint}>
        {label}
      </SubmitWhenReady>
    </Group>
  );
}
