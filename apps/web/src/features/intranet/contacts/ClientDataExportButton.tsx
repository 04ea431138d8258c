import { Button, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { requestClientDataExport } from '../../../api/data-exports';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-error';
import { genericErrorText } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * "Exporter les données du client" (issue 28 §1): for a customer who asked by phone or mail, the
 * agency has a ZIP of their data made; the link goes by mail to the customer, never to the staff
 * member (POST /clients/{clientId}/data-exports). A refusal says why (one already being made).
 */
export function ClientDataExportButton({ clientId, fullName }: { clientId: number; fullName: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const ask = useMutation({
    mutationFn: () => requestClientDataExport(clientId),
    onSuccess: () => {
      setOpened(false);
      notifySuccess(t('contacts.dataExport.sent', { name: fullName }));
    },
    onError: (error) => {
      setOpened(false);
      notifyError(isApiError(error) && error.status < 500 ? error.message : genericErrorText(error));
    },
  });
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileZip size={16} aria-hidden="true" />}
        aria-label={t('contacts.dataExport.buttonOf', { name: fullName })}
        onClick={() => setOpened(true)}
      >
        {t('contacts.dataExport.button')}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={t('contacts.dataExport.title')}
        confirmLabel={t('contacts.dataExport.confirm')}
        loading={ask.isPending}
        onConfirm={() => ask.mutate()}
        onClose={() => setOpened(false)}
      >
        <Text>{t('contacts.dataExport.text', { name: fullName })}</Text>
      </ConfirmDialog>
    </>
  );
}
