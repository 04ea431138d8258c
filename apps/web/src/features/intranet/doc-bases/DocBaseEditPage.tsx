import { Button, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentBaseItem, useDocumentBaseItemCategories, useDocumentBases } from '../../../api/document-bases';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { useTranslation } from '../../../i18n';
import { notifyError } from '../../../lib/notify';
import { DocumentEditForm } from './DocumentEditForm';
import { idParam, itemPath, listPath, useMayWrite } from './doc-base-access';
import { UnknownBase } from './UnknownBase';

/**
 * `/intranet/doc-base/{base}/edit-doc?id=` (spec 02 §2): a new document without `id`, the stored
 * one with it. Only writers of this base get the form (the server checks again); a failed load
 * goes back to the list (spec 02 §8). Saving opens the document.
 */
export function DocBaseEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const baseId = idParam(useParams().baseId) ?? 0;
  const raw = useSearchParams()[0].get('id');
  const id = raw === null ? null : idParam(raw);
  const valid = raw === null || id !== null;
  const bases = useDocumentBases();
  const base = bases.data?.find((b) => b.id === baseId);
  const mayWrite = useMayWrite(base);
  const document = useDocumentBaseItem(id ?? 0);
  const categories = useDocumentBaseItemCategories(baseId, base !== undefined);

  // A document of another base is not edited from this one (its category list is this base's).
  const wrongBase = document.data !== undefined && document.data.documentBaseId !== baseId;
  useEffect(() => {
    if (valid && !wrongBase && !document.isError && !categories.isError) return;
    if (!valid || wrongBase) notifyError(t('documentBases.errors.loadItem'));
    navigate(listPath(baseId), { replace: true });
  }, [valid, wrongBase, document.isError, categories.isError, navigate, baseId, t]);

  if (bases.data && !base) return <UnknownBase />;
  const back = id === null ? listPath(baseId) : itemPath(baseId, id);
  const ready = base && categories.data && (id === null || (document.data && !wrongBase));
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Button component={Link} to={back} variant="subtle" px={0} leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
          {id === null ? t('documentBases.back') : t('documentBases.backToDocument')}
        </Button>
        <Title order={1} size="h2">
          {id === null ? t('documentBases.newTitle') : t('documentBases.editTitle')}
        </Title>
      </div>
      {base && !mayWrite ? (
        <EmptyBlock icon={<IconLock size={28} />} title={t('documentBases.notWriter')} text={t('documentBases.notWriterText')} />
      ) : ready ? (
        <DocumentEditForm
          key={document.data?.id ?? 'new'}
          baseId={baseId}
          item={id === null ? undefined : document.data}
          categories={categories.data ?? []}
          onSaved={(savedId) => navigate(itemPath(baseId, savedId))}
        />
      ) : (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={56} />
          <Skeleton height={300} />
          <Skeleton height={120} />
        </Stack>
      )}
    </Stack>
  );
}
