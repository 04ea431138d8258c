import { Anchor, Card, Group, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  LEGAL_PAGE_PATHS,
  LEGAL_PAGE_SLUGS,
  LEGAL_PAGE_TITLE_MAX,
  type LegalPageSlug,
} from '@reseau/contracts/constants/legal-pages';
import { legalPageBody } from '@reseau/contracts/schemas/legal-pages';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { type LegalPage, saveLegalPage, useLegalPage } from '../../../api/legal-pages';
import { LoadError } from '../../../components/LoadError';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { SubmitWhenReady } from '../../../components/SubmitWhenReady';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';

const validate = schemaResolver(legalPageBody, { sync: true });

const slugOf = (value: string | null): LegalPageSlug =>
  (LEGAL_PAGE_SLUGS as readonly string[]).includes(value ?? '') ? (value as LegalPageSlug) : 'mentions-legales';

/**
 * `/intranet/legal-pages` (role 1, issue 28 §4): the three public legal pages, one tab each (kept in
 * the address, `?page=`), each a title and a rich text saved for everyone.
 */
export function LegalPagesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const slug = slugOf(params.get('page'));
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          {t('legalPages.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('legalPages.intro')}
        </Text>
      </div>
      <Tabs
        value={slug}
        onChange={(value) => setParams(value === 'mentions-legales' ? {} : { page: slugOf(value) }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {LEGAL_PAGE_SLUGS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`legal.titles.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LEGAL_PAGE_SLUGS.map((s) => (
          <Tabs.Panel key={s} value={s} pt="md">
            <LegalPageEditor slug={s} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function LegalPageEditor({ slug }: { slug: LegalPageSlug }) {
  const { t } = useTranslation();
  const page = useLegalPage(slug);
  if (page.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={56} />
        <Skeleton height={300} />
      </Stack>
    );
  }
  if (page.isError) {
    return (
      <LoadError
        variant="block"
        icon={<IconFileText size={28} aria-hidden="true" />}
        message={t('legal.errors.load')}
        onRetry={() => void page.refetch()}
        retrying={page.isFetching}
      />
    );
  }
  return <LegalPageForm key={`${slug}:${page.data.updatedAt ?? 'default'}`} slug={slug} page={page.data} />;
}

function LegalPageForm({ slug, page }: { slug: LegalPageSlug; page: LegalPage }) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: page.title, content: page.content },
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const save = useFormAction({
    action: (values: { title: string; content: string }) =>
      saveLegalPage(slug, { title: values.title.trim(), content: values.content }),
    form,
    fallback: t('legalPages.errors.save'),
    onSuccess: () => notifySuccess(t('legalPages.saved')),
  });
  const ready = form.values.title.trim() !== '' && form.values.content.replace(/<[^>]*>/g, '').trim() !== '';
  return (
    <Card shadow="xs" component="form" noValidate onSubmit={form.onSubmit(save.submit)} aria-label={t(`legal.titles.${slug}`)}>
      <Stack gap="lg">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {page.updatedAt ? t('legalPages.updatedAt', { date: formatDateTime(page.updatedAt) }) : t('legalPages.isDefault')}
          </Text>
          <Anchor href={LEGAL_PAGE_PATHS[slug]} target="_blank" rel="noopener" size="sm">
            <Group gap={4} component="span">
              {t('legalPages.open')} <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        </Group>
        <TextInput
          label={t('legalPages.titleField')}
          required
          maxLength={LEGAL_PAGE_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <RichTextEditor label={t('legalPages.contentField')} required minHeight={360} {...form.getInputProps('content')} />
        {slug === 'politique-de-confidentialite' ? (
          <Text size="sm" c="dimmed">
            {t('legalPages.retentionNote')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <SubmitWhenReady ready={ready} form={form} submitting={save.submitting}>
            {t('legalPages.save')}
          </SubmitWhenReady>
        </Group>
      </Stack>
    </Card>
  );
}
