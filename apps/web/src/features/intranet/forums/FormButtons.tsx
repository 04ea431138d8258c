import { Button, Group } from '@mantine/core';
import { useTranslation } from '../../../i18n';

/** The end of a forum form: cancel (when editing in place) and the submit, blocked while a field shows an error. */
export function FormButtons({
  onCancel,
  submitting,
  blocked,
  label,
}: {
  onCancel?: () => void;
  submitting: boolean;
  blocked: boolean;
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
      <Button type="submit" loading={submitting} disabled={blocked}>
        {label}
      </Button>
    </Group>
  );
}
