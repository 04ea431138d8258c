import { ActionIcon, Badge, Card, Group, Text, Title } from '@mantine/core';
import { IconMail, IconMailOpened, IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { NetworkActuality } from '../../../api/network-actualities';
import { FileImage } from '../../../components/FileImage';
import linkCard from '../../../components/LinkCard.module.css';
import { Tooltip } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import classes from './NewsCard.module.css';
import { categoryLabel, newsExcerpt } from './news-text';

interface NewsCardProps {
  news: NetworkActuality;
  /** Where the card leads, with the list's address to come back to. */
  to: string;
  listSearch: string;
  /** Marking read is offered only with network_news_reading. */
  canMarkRead: boolean;
  togglePending: boolean;
  onToggleRead(news: NetworkActuality): void;
}

/**
 * One news item of the grid. The title is the card's link and its hit area covers the whole card
 * (see the CSS), so the card opens on a click anywhere while the read toggle stays its own button.
 */
export function NewsCard({ news, to, listSearch, canMarkRead, togglePending, onToggleRead }: NewsCardProps) {
  const { t } = useTranslation();
  const illustration = news.illustrationFiles[0];
  const placeholder = (
    <div className={classes.placeholder} aria-hidden="true">
      <IconNews size={44} stroke={1.4} />
    </div>
  );
  const toggleLabel = news.isRead ? t('newsList.markUnread') : t('newsList.markRead');
  return (
    <Card className={`${linkCard.card} ${classes.unread}`} padding={0} shadow="xs" data-unread={news.isRead ? undefined : true}>
      <div className={classes.media}>
        {illustration ? (
          <FileImage fileId={illustration.fileId} previewWidth={768} alt="" fallback={placeholder} className={classes.image} />
        ) : (
          placeholder
        )}
      </div>
      <div className={classes.body}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" color="teal" className={classes.category}>
            {categoryLabel(news.category)}
          </Badge>
          <Text size="xs" c="dimmed" component="time" dateTime={news.publicationDate}>
            {formatDate(news.publicationDate)}
          </Text>
        </Group>
        <Title order={2} size="h4" lineClamp={2} className={classes.title}>
          <Link to={to} state={{ listSearch }} className={linkCard.link}>
            {news.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {newsExcerpt(news.content)}
        </Text>
        <Group justify="space-between" mt="auto" pt="xs">
          {news.isRead ? (
            <Text size="xs" c="dimmed">
              {t('newsList.read')}
            </Text>
          ) : (
            <Badge variant="dot" color="orange">
              {t('newsList.unread')}
            </Badge>
          )}
          {canMarkRead ? (
            <Tooltip label={toggleLabel} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                className={linkCard.above}
                aria-label={`${toggleLabel} : ${news.title}`}
                loading={togglePending}
                onClick={() => onToggleRead(news)}
              >
                {news.isRead ? <IconMail size={18} /> : <IconMailOpened size={18} />}
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </div>
    </Card>
  );
}
