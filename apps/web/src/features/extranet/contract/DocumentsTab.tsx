import { Card, Stack, Text, Title } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import type { AgencyContract } from '../../../api/extranet/contracts';
import { type AgencyContractDocument, useContractDocuments } from '../../../api/extranet/documents';
import { useDownload } from '../../../api/use-download';
import { DocumentList, DocumentRow } from '../../../components/DocumentRow';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';

/** Contract documents, newest first, dated dd.MM.yyyy (spec 03 §2, §9). */
export function DocumentRows({ documents }: { documents: AgencyContractDocument[] }) {
  const { t } = useTranslation();
  const downloads = useDownload(t('errors.documentNotFound'));
  return (
    <DocumentList>
      {documents.map((doc) => {
        const path = `/agency-contract-documents/${doc.id}/file`;
        return (
          <DocumentRow
            key={doc.id}
            title={doc.description}
            meta={t('extranet.documents.date', { date: formatDate(doc.date) })}
            iconColor="teal"
            download={
              doc.hasFile
                ? {
                    onClick: () => void downloads.download(path, `${doc.description}.pdf`),
                    loading: downloads.isDownloading(path),
                    label: t('extranet.downloadNamed', { name: doc.description }),
                  }
                : undefined
            }
          >
            {doc.hasFile ? null : (
              <Text size="xs" c="dimmed" fs="italic">
                {t('extranet.documents.noFile')}
              </Text>
            )}
          </DocumentRow>
        );
      })}
    </DocumentList>
  );
}

/** The documents tab. */
export function DocumentsTab({ contract }: { contract: AgencyContract }) {
  const { t } = useTranslation();
  const documents = useContractDocuments(contract.id);
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {t('extranet.documents.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('extranet.documents.subtitle')}
        </Text>
      </div>
      {documents.isPending ? (
        <ListSkeleton />
      ) : documents.isError ? (
        <Card shadow="xs">
          <LoadError message={t('errors.loadDocuments')} onRetry={documents.refetch} />
        </Card>
      ) : documents.data.length === 0 ? (
        <Card shadow="xs">
          <EmptyBlock
            icon={<IconFiles size={28} />}
            title={t('extranet.documents.emptyTitle')}
            text={t('extranet.documents.empty')}
          />
        </Card>
      ) : (
        <DocumentRows documents={documents.data} />
      )}
    </Stack>
  );
}
