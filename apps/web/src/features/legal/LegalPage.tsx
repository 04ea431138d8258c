import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LEGAL_PAGE_TITLES, type LegalPageSlug } from '@reseau/contracts/constants/legal-pages';
import { RETENTION_PERIODS, retentionText } from '@reseau/contracts/constants/retention';
import { IconArrowLeft, IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLegalPage } from '../../api/legal-pages';
import { withQueryClient } from '../../api/with-query-client';
import { DataTable } from '../../components/DataTable';
import { LegalLinks } from '../../components/LegalLinks';
import { LoadError } from '../../components/LoadError';
import { Logo } from '../../components/Logo';
import { RichTextView } from '../../components/rich-text/RichTextView';
import { useTranslation } from '../../i18n';
import { formatDate } from '../../lib/format';
import classes from './LegalPage.module.css';

type Period = (typeof RETENTION_PERIODS)[number];

/** The periods the platform applies (the contracts' table the daily job reads), under the privacy text. */
function RetentionPeriods() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="retention-title" className={classes.retention}>
      <Title order={2} id="retention-title">
        {t('legal.retention.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('legal.retention.intro')}
      </Text>
      <DataTable<Period>
        label={t('legal.retention.title')}
        rows={[...RETENTION_PERIODS]}
        rowKey={(row) => row.name}
        minWidth={640}
        columns={[
          { key: 'data', header: t('legal.retention.data'), cell: (row) => row.data },
          { key: 'purpose', header: t('legal.retention.purpose'), cell: (row) => row.purpose },
          { key: 'period', header: t('legal.retention.period'), cell: (row) => retentionText(row) },
        ]}
      />
    </section>
  );
}

function LegalContent({ slug }: { slug: LegalPageSlug }) {
  const { t } = useTranslation();
  const page = useLegalPage(slug);
  if (page.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Title order={1}>{LEGAL_PAGE_TITLES[slug]}</Title>
        <Skeleton height={16} aria-label={t('common.loading')} />
        <Skeleton height={16} width="80%" />
        <Skeleton height={16} width="60%" />
      </Stack>
    );
  }
  if (page.isError) {
    return (
      <>
        <Title order={1}>{LEGAL_PAGE_TITLES[slug]}</Title>
        <LoadError
          variant="block"
          icon={<IconFileText size={28} aria-hidden="true" />}
          message={t('legal.errors.load')}
          onRetry={() => void page.refetch()}
          retrying={page.isFetching}
        />
      </>
    );
  }
  return (
    <article>
      <Title order={1}>{page.data.title}</Title>
      {page.data.updatedAt ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t('legal.updatedAt', { date: formatDate(page.data.updatedAt) })}
        </Text>
      ) : null}
      <RichTextView html={page.data.content} className={classes.text} />
      {slug === 'politique-de-confidentialite' ? <RetentionPeriods /> : null}
    </article>
  );
}

/** `/mentions-legales`, `/confidentialite`, `/accessibilite`: public, signed in or not (issue 28 §4). */
function LegalPageScreen({ slug }: { slug: LegalPageSlug }) {
  const { t } = useTranslation();
  return (
    <div className={classes.page}>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <header className={classes.header}>
        <Link to="/" aria-label={t('brand.name')}>
          <Logo compact />
        </Link>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Anchor component={Link} to="/" size="sm" className={classes.back}>
          <IconArrowLeft size={16} aria-hidden="true" /> {t('legal.back')}
        </Anchor>
        <LegalContent slug={slug} />
      </main>
      <footer className={classes.footer}>
        <LegalLinks />
      </footer>
    </div>
  );
}

const Screen = withQueryClient(LegalPageScreen);

export const MentionsLegalesPage = () => <Screen slug="mentions-legales" />;
export const PrivacyPolicyPage = () => <Screen slug="politique-de-confidentialite" />;
export const AccessibilityStatementPage = () => <Screen slug="declaration-accessibilite" />;
