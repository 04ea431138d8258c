import { Card, Title } from '@mantine/core';
import { CALENDAR_HIDDEN_ROLE_IDS } from '@reseau/contracts/constants/permissions';
import { useTranslation } from '../../../i18n';
import { CALENDAR_EMBED_URL } from '../../../lib/config';
import classes from './HomePage.module.css';
import type { HomeContext } from './home-context';

/**
 * The network's calendar (spec 01 §2): an embed in Europe/Paris time and French, hidden for roles
 * 5, 6 and 8, and shown only when the build sets VITE_CALENDAR_EMBED_URL.
 */
export function CalendarPanel({ ctx, url = CALENDAR_EMBED_URL }: { ctx: HomeContext; url?: string | null }) {
  const { t } = useTranslation();
  if (!url || ctx.roleId === null || CALENDAR_HIDDEN_ROLE_IDS.includes(ctx.roleId)) return null;
  return (
    <Card component="section" aria-labelledby="home-calendar-title" className={classes.panel}>
      <Title order={2} size="h4" id="home-calendar-title" mb="sm">
        {t('intranetHome.calendar.title')}
      </Title>
      <iframe
        className={classes.calendar}
        src={url}
        title={t('intranetHome.calendar.frameTitle')}
        loading="lazy"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      />
    </Card>
  );
}
