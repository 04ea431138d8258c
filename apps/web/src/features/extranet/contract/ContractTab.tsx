import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import type { AgencyContract } from '../../../api/extranet/contracts';
import { useContractDocuments } from '../../../api/extranet/documents';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { formatExtranetDate } from '../../../lib/format';
import classes from './ContractPage.module.css';
import { DocumentRows } from './DocumentsTab';

/** How many documents the contract tab shows before pointing to the documents tab. */
const RECENT_DOCUMENTS = 3;

/** The contract tab: its facts, "Non renseigné" when unknown, and its latest documents (spec 03 §2). */
export function ContractTab({ contract, onShowDocuments }: { contract: AgencyContract; onShowDocuments: () => void }) {
  const { t } = useTranslation();
  const documents = useContractDocuments(contract.id);
  const equipment = [contract.equipmentType, contract.equipmentModel].filter(Boolean).join(' – ');
  const facts: Array<[string, string]> = [
    [t('extranet.contract.reference'), contract.reference],
    [t('extranet.contract.renewalDate'), formatExtranetDate(contract.renewalDate)],
    [t('extranet.contract.equipment'), equipment],
    [t('extranet.contract.lastMaintenanceDate'), formatExtranetDate(contract.lastMaintenanceDate)],
  ];
  const recent = documents.data?.slice(0, RECENT_DOCUMENTS) ?? [];

  return (
    <Stack gap="lg">
      <Card shadow="xs">
        <Title order={2} size="h4" mb="md">
          {t('extranet.contract.detailsTitle')}
        </Title>
        <dl className={classes.facts}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-empty={value ? undefined : true}>{value || t('extranet.notSpecified')}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card shadow="xs">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            {t('extranet.contract.documentsTitle')}
          </Title>
          {(documents.data?.length ?? 0) > RECENT_DOCUMENTS ? (
            <Anchor component="button" type="button" size="sm" fw={600} onClick={onShowDocuments}>
              {t('extranet.contract.allDocuments', { count: documents.data?.length ?? 0 })}
            </Anchor>
          ) : null}
        </Group>
        {documents.isPending ? (
          <ListSkeleton rows={2} />
        ) : documents.isError ? (
          <LoadError compact message={t('errors.loadDocuments')} onRetry={documents.refetch} />
        ) : recent.length === 0 ? (
          <EmptyBlock
            icon={<IconFiles size={26} />}
            title={t('extranet.documents.emptyTitle')}
            text={t('extranet.documents.empty')}
          />
        ) : (
          <DocumentRows documents={recent} />
        )}
      </Card>
    </Stack>
  );
}
