import { requestOwnDataExport } from '../../../api/data-exports';
import { DataExportCard } from '../../../components/data-export/DataExportCard';
import { useTranslation } from '../../../i18n';

/** "Télécharger mes données" (issue 28 §1): the customer asks for a ZIP of their data, mailed as a link. */
export function DataExportSection() {
  const { t } = useTranslation();
  return (
    <DataExportCard
      titleId="personal-info-data-export"
      title={t('dataExport.title')}
      text={t('dataExport.customerText')}
      buttonLabel={t('dataExport.button')}
      sentTitle={t('dataExport.sentTitle')}
      sentText={t('dataExport.sentText')}
      request={() => requestOwnDataExport('extranet')}
    />
  );
}
