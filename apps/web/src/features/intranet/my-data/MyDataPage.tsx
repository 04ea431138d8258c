import { Stack, Title } from '@mantine/core';
import { requestOwnDataExport } from '../../../api/data-exports';
import { DataExportCard } from '../../../components/data-export/DataExportCard';
import { useTranslation } from '../../../i18n';
import '../../../i18n/account';

/**
 * `/intranet/my-data` ("Mes données", from the profile menu, issue 28 §1): a staff member asks for
 * a ZIP of what the intranet holds about their own account, mailed to them as a link.
 */
export function MyDataPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('shell.myData')}</Title>
      <DataExportCard
        titleId="my-data-export"
        title={t('dataExport.title')}
        text={t('dataExport.staffText')}
        buttonLabel={t('dataExport.button')}
        sentTitle={t('dataExport.sentTitle')}
        sentText={t('dataExport.sentText')}
        request={() => requestOwnDataExport('intranet')}
      />
    </Stack>
  );
}
