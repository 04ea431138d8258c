import { Badge, Button, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconMessages, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type ForumThread, useForumThemes, useForumThreadPage } from '../../../api/forums';
import type { Column } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { FiltersBar } from '../../../components/FiltersBar';
import { ForbiddenPage } from '../../../components/ForbiddenPage';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { ForumBreadcrumbs } from './ForumBreadcrumbs';
import { useForumOfRoute } from './forum-params';

const FILTERS = { forumThemeId: listParam.id() };
const ALL = 'all';

/**
 * `/intranet/forum/{forumId}` (spec 02 §2): theme chips, search, threads 10 a page (last activity
 * first), and the new-thread button. The list's state is in the address.
 */
export function ForumThreadsPage() {
  const { t } = useTranslation();
  const { forumId, forum, forbidden, readableId } = useForumOfRoute();
  const list = useListParams(FILTERS);
  const themes = useForumThemes(readableId);
  const threads = useForumThreadPage({
    forumId,
    forumThemeId: list.filters.forumThemeId ?? undefined,
    search: list.search,
    pageNumber: list.pageNumber,
  });
  const themeName = (id: number) => themes.data?.find((theme) => theme.id === id)?.name ?? '';
  const threadHref = (thread: ForumThread) => `/intranet/forum/${forumId}/thread/${thread.id}`;

  const columns: Column<ForumThread>[] = [
    {
      key: 'title',
      header: t('forums.list.title'),
      cell: (thread) => (
        <Group gap={8} wrap="nowrap">
          <Text fw={600} size="sm">
            {thread.title}
          </Text>
          {thread.isClosed ? (
            <Badge color="gray" variant="light" leftSection={<IconLock size={12} aria-hidden="true" />}>
              {t('forums.closed')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'theme', header: t('forums.list.theme'), cell: (thread) => themeName(thread.forumThemeId) },
    {
      key: 'author',
      header: t('forums.list.author'),
      cell: (thread) => (
        <Stack gap={0}>
          <Text size="sm">{thread.author}</Text>
          <Text size="xs" c="dimmed">
            {thread.agencyName}
          </Text>
        </Stack>
      ),
    },
    { key: 'answers', header: t('forums.list.answers'), align: 'right', cell: (thread) => thread.numberOfAnswers },
    { key: 'lastUpdate', header: t('forums.list.lastUpdate'), cell: (thread) => formatDate(thread.lastUpdateDate) },
  ];

  if (forbidden) return <ForbiddenPage home="/intranet" />;
  return (
    <Stack gap="lg">
      <ForumBreadcrumbs forumId={forumId} forumTitle={forum?.title} />
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {forum?.title ?? t('forums.forum')}
        </Title>
        <Button
          component={Link}
          to={`/intranet/forum/${forumId}/create-thread`}
          leftSection={<IconPlus size={18} aria-hidden="true" />}
        >
          {t('forums.newThread')}
        </Button>
      </Group>
      <PagedTable
        label={t('forums.list.label')}
        query={threads}
        pageNumber={list.pageNumber}
        onPageChange={list.setPage}
        columns={columns}
        rowKey={(thread) => thread.id}
        rowHref={threadHref}
        filters={
          <FiltersBar search={list.searchInput} searchLabel={t('forums.list.search')}>
            {themes.data && themes.data.length > 0 ? (
              <Chip.Group
                value={list.filters.forumThemeId === null ? ALL : String(list.filters.forumThemeId)}
                onChange={(value) => list.setFilter('forumThemeId', value === ALL ? null : Number(value))}
              >
                <Group gap={8} role="radiogroup" aria-label={t('forums.list.themes')}>
                  <Chip value={ALL} type="radio">
                    {t('forums.list.allThemes')}
                  </Chip>
                  {themes.data.map((theme) => (
                    <Chip key={theme.id} value={String(theme.id)} type="radio">
                      {theme.name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            ) : null}
          </FiltersBar>
        }
        empty={<EmptyBlock icon={<IconMessages size={28} />} title={t('forums.list.empty')} text={t('forums.list.emptyText')} />}
      />
    </Stack>
  );
}
