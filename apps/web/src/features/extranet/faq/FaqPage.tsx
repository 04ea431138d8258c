import { Accordion, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCreditCard,
  IconFileCertificate,
  IconFlame,
  IconHelpCircle,
  IconMessageCircle,
  IconTool,
  IconUserCircle,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { FAQ_THEMES, type FaqTheme, useFaqEntries } from '../../../api/extranet/faq';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import tabClasses from '../../../components/ResponsiveTabs.module.css';
import { RichTextView } from '../../../components/rich-text/RichTextView';
import { useTranslation } from '../../../i18n';
import { useOpenContact } from '../kit/contact-context';
import classes from './FaqPage.module.css';

const THEME_ICONS: Record<FaqTheme, typeof IconTool> = {
  maintenance: IconFlame,
  repair: IconTool,
  contract: IconFileCertificate,
  bill: IconCreditCard,
  user_space: IconUserCircle,
};

function themeOf(value: string | null): FaqTheme {
  return (FAQ_THEMES as readonly string[]).includes(value ?? '') ? (value as FaqTheme) : 'maintenance';
}

/** `/extranet/faq`: questions by theme, each unfolding to its answer (spec 03 §2). */
export function FaqPage() {
  const { t } = useTranslation();
  // On a phone the five tabs wrap as pills rather than hide off screen.
  // Read at once, not in an effect: the first render has the right tabs (no second render of the page).
  const narrow = useMediaQuery('(max-width: 40em)', undefined, { getInitialValueInEffect: false });
  // The theme is in the URL (?tab=repair): a shared or reloaded link opens the same tab.
  const [params, setParams] = useSearchParams();
  const theme = themeOf(params.get('tab'));
  const openContact = useOpenContact();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          {t('pages.faq')}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('extranet.faq.subtitle')}
        </Text>
      </div>
      <Tabs
        value={theme}
        onChange={(value) => setParams({ tab: themeOf(value) }, { replace: true })}
        keepMounted={false}
        variant={narrow ? 'pills' : 'default'}
        classNames={{ list: narrow ? tabClasses.pillList : tabClasses.tabList, tab: tabClasses.tab }}
      >
        <Tabs.List aria-label={t('extranet.faq.themesLabel')}>
          {FAQ_THEMES.map((id) => {
            const Icon = THEME_ICONS[id];
            return (
              <Tabs.Tab key={id} value={id} leftSection={<Icon size={18} aria-hidden="true" />}>
                {t(`extranet.faq.themes.${id}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {FAQ_THEMES.map((id) => (
          <Tabs.Panel key={id} value={id} pt="lg">
            <FaqThemePanel theme={id} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Card shadow="xs" className={classes.help}>
        <Group justify="space-between" gap="md">
          <Group gap="md" wrap="nowrap" style={{ flex: 1, minWidth: 240 }}>
            <IconHelpCircle size={32} color="var(--mantine-color-teal-7)" aria-hidden="true" style={{ flex: 'none' }} />
            <div>
              <Text fw={700}>{t('extranet.faq.helpTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('extranet.faq.helpText')}
              </Text>
            </div>
          </Group>
          <Button leftSection={<IconMessageCircle size={18} />} onClick={() => openContact()}>
            {t('extranet.agency.contact')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}

function FaqThemePanel({ theme }: { theme: FaqTheme }) {
  const { t } = useTranslation();
  const entries = useFaqEntries(theme);
  if (entries.isPending) return <ListSkeleton rows={4} height={56} />;
  if (entries.isError)
    return (
      <Card shadow="xs">
        <LoadError variant="block" icon={<IconHelpCircle size={28} />} message={t('errors.loadFaq')} onRetry={entries.refetch} />
      </Card>
    );
  if (entries.data.length === 0)
    return (
      <Card shadow="xs">
        <EmptyBlock icon={<IconHelpCircle size={28} />} title={t('extranet.faq.emptyTitle')} text={t('extranet.faq.empty')} />
      </Card>
    );
  return (
    <Accordion variant="separated" radius="md" chevronPosition="right" order={2} classNames={{ control: classes.control }}>
      {entries.data.map((entry) => (
        <Accordion.Item key={entry.id} value={String(entry.id)} className={classes.item}>
          <Accordion.Control>{entry.question}</Accordion.Control>
          <Accordion.Panel>
            <RichTextView html={entry.answer} className={classes.answer} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
