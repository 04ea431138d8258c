import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';

/** Forums › the forum › the current page (omitted on the forum's own list). */
export function ForumBreadcrumbs({ forumId, forumTitle, current }: { forumId: number; forumTitle?: string; current?: string }) {
  const { t } = useTranslation();
  const title = forumTitle ?? t('forums.forum');
  return (
    <Breadcrumbs>
      <Anchor component={Link} to="/intranet/forum">
        {t('forums.title')}
      </Anchor>
      {current === undefined ? (
        <Text>{forumTitle ?? ''}</Text>
      ) : (
        <Anchor component={Link} to={`/intranet/forum/${forumId}`}>
          {title}
        </Anchor>
      )}
      {current === undefined ? null : <Text lineClamp={1}>{current}</Text>}
    </Breadcrumbs>
  );
}
