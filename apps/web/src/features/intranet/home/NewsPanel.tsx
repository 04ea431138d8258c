import { Anchor, Badge, Card, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { DASHBOARD_NETWORK_ACTUALITIES } from '@reseau/contracts/constants/network-actualities';
import { IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import { filePath, useFileObjectUrl } from '../../../api/files';
import { type NetworkActuality, useNetworkActualities } from '../../../api/network-actualities';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import classes from './HomePage.module.css';
import { PanelHeader } from './PanelHeader';

/** The category as the screens show it: its French label, or its code when the label is unknown. */
function useCategoryLabel() {
  const { t } = useTranslation();
  return (code: string) => t(`networkActualityCategories.${code}`, { defaultValue: code });
}

function Thumbnail({ news }: { news: NetworkActuality }) {
  const first = news.illustrationFiles[0];
  // Shown at 96 × 64: the 192 px preview, not the original photo.
  const src = useFileObjectUrl(first ? filePath(first.fileId, 192) : null);
  return src ? (
    <Image src={src} alt="" className={classes.thumbnail} />
  ) : (
    <ThemeIcon className={classes.thumbnail} variant="light" color="ocean" aria-hidden="true">
      <IconNews size={26} stroke={1.6} />
    </ThemeIcon>
  );
}

function NewsRow({ news }: { news: NetworkActuality }) {
  const { t } = useTranslation();
  const categoryLabel = useCategoryLabel();
  return (
    <li className={classes.newsRow}>
      <Thumbnail news={news} />
      <Stack gap={4} className={classes.newsText}>
        <Group gap={8} wrap="wrap">
          <Badge variant="light" color="teal" size="sm" title={news.category.code}>
            {categoryLabel(news.category.code)}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDate(news.publicationDate)}
          </Text>
          {news.isRead ? null : (
            <Badge variant="dot" color="orange" size="sm">
              {t('intranetHome.news.unread')}
            </Badge>
          )}
        </Group>
        <Anchor component={Link} to={`/intranet/network-news/${news.id}`} fw={600} c="dark" className={classes.newsTitle}>
          {news.title}
        </Anchor>
      </Stack>
    </li>
  );
}

/** The 5 newest news, newest first, with a link to all of them (spec 01 §2). */
export function NewsPanel() {
  const { t } = useTranslation();
  const news = useNetworkActualities({ pageNumber: 1, pageSize: DASHBOARD_NETWORK_ACTUALITIES });
  return (
    <Card component="section" aria-labelledby="home-news-title" className={classes.panel}>
      <PanelHeader
        id="home-news-title"
        title={t('intranetHome.news.title')}
        link={{ to: '/intranet/network-news', label: t('intranetHome.news.seeAll') }}
      />
      {news.isPending ? (
        <ListSkeleton rows={DASHBOARD_NETWORK_ACTUALITIES} height={72} />
      ) : news.isError ? (
        <LoadError message={t('intranetHome.news.loadError')} onRetry={() => void news.refetch()} />
      ) : news.data.networkActualities.length === 0 ? (
        <EmptyBlock icon={<IconNews size={28} />} title={t('intranetHome.news.empty')} text={t('intranetHome.news.emptyText')} />
      ) : (
        <ul className={classes.newsList}>
          {news.data.networkActualities.map((item) => (
            <NewsRow key={item.id} news={item} />
          ))}
        </ul>
      )}
    </Card>
  );
}
