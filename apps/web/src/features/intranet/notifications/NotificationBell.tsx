import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBellOff, IconChecks, IconTrash } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  type AppNotification,
  deleteReadNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useMyNotifications,
  useRefreshNotifications,
  useUnreadNotificationCount,
} from '../../../api/notifications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTranslation } from '../../../i18n';
import { badgeLabel, formatDateTime } from '../../../lib/format';
import { useConfirmed } from '../../../lib/use-confirmed';
import classes from './NotificationBell.module.css';
import { describeNotification } from './notification-text';

export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // Ids already sent to POST /notifications/{id}:read: a second click (or Enter) before the list
  // comes back read sends nothing more.
  const marked = useRef(new Set<number>());
  const count = useUnreadNotificationCount();
  const list = useMyNotifications(opened);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const refresh = useRefreshNotifications();
  // "Supprimer les lues" is asked first (issue 25), as other deletes are.
  const deleteRead = useConfirmed({
    run: () => deleteReadNotifications(),
    done: t('notifications.deletedRead'),
    failed: t('errors.deleteNotifications'),
    onSettled: refresh,
  });
  const unread = count.data ?? 0;
  const label = badgeLabel(unread);
  const notifications = list.data?.notifications ?? [];
  const hasRead = notifications.some((n) => n.isRead);
  // Opened, the focus moves to the first notification (or the empty list's text) as it arrives,
  // once per opening: the items come right after the bell, not after the page (issue 25).
  const movedIn = useRef(false);
  const focusOnArrival = useCallback((node: HTMLElement | null) => {
    if (!node || movedIn.current) return;
    movedIn.current = true;
    (node.querySelector<HTMLElement>('a, button') ?? node).focus();
  }, []);

  /** A click (or Enter) on an item marks it read, once; an item with a target is a link that also closes the list. */
  function open(notification: AppNotification, link: string | null) {
    if (!notification.isRead && !marked.current.has(notification.id)) {
      marked.current.add(notification.id);
      markRead.mutate(notification.id, { onError: () => marked.current.delete(notification.id) });
    }
    if (link) setOpened(false);
  }

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        width={380}
        position="bottom-end"
        shadow="lg"
        withArrow
        trapFocus={false}
        // Esc or a click outside gives the focus back to the bell (issue 25).
        returnFocus
        // The confirmation's dialog is outside the popover: a click in it must not close the list.
        closeOnClickOutside={!deleteRead.dialog.opened}
        closeOnEscape={!deleteRead.dialog.opened}
      >
        {/* The count's badge wraps the target: the popover's ARIA (aria-expanded, aria-haspopup)
          goes on the button itself, not on the badge's div. */}
        <Indicator label={label} disabled={!label} size={18} color="red" offset={6} inline zIndex={3}>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              aria-label={unread > 0 ? t('notifications.bellWithCount', { count: unread }) : t('notifications.bell')}
              onClick={() => {
                movedIn.current = false;
                setOpened((o) => !o);
              }}
            >
              <IconBell size={22} />
            </ActionIcon>
          </Popover.Target>
        </Indicator>
        <Popover.Dropdown className={classes.dropdown}>
          <div className={classes.head}>
            <Text fw={700}>{t('notifications.title')}</Text>
            <Group gap={4}>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconChecks size={14} />}
                disabled={unread === 0}
                loading={markAll.isPending}
                onClick={() => markAll.mutate(undefined)}
              >
                {t('notifications.markAllRead')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={!hasRead}
                onClick={() => deleteRead.ask(true)}
              >
                {t('notifications.deleteRead')}
              </Button>
            </Group>
          </div>
          <ScrollArea.Autosize mah={380} type="auto">
            {list.isPending ? (
              <Text className={classes.empty} c="dimmed" size="sm">
                {t('common.loading')}
              </Text>
            ) : notifications.length === 0 ? (
              <Stack ref={focusOnArrival} tabIndex={-1} className={classes.empty} align="center" gap={6}>
                <IconBellOff size={32} color="var(--mantine-color-gray-5)" aria-hidden="true" />
                <Text c="dimmed" size="sm">
                  {t('notifications.empty')}
                </Text>
              </Stack>
            ) : (
              <ul ref={focusOnArrival} className={classes.list} aria-label={t('notifications.title')}>
                {notifications.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} onOpen={open} />
                ))}
              </ul>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
      <ConfirmDialog
        {...deleteRead.dialog}
        title={t('notifications.deleteReadTitle')}
        confirmLabel={t('notifications.deleteReadConfirm')}
        color="red"
      >
        {t('notifications.deleteReadText')}
      </ConfirmDialog>
    </>
  );
}

/** One notification: a link when it has a target, a button that marks it read otherwise. */
function NotificationItem({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: (notification: AppNotification, link: string | null) => void;
}) {
  const { t } = useTranslation();
  const view = describeNotification(notification, t);
  const itemProps = {
    className: classes.item,
    'data-unread': notification.isRead ? undefined : true,
    onClick: () => onOpen(notification, view.link),
  };
  const body = (
    <>
      <span className={classes.dot} aria-hidden="true" />
      <span style={{ minWidth: 0 }}>
        <Text size="sm" fw={notification.isRead ? 400 : 600}>
          {notification.isRead ? null : <span className="visually-hidden">{t('notifications.unread')} : </span>}
          {view.text}
        </Text>
        {view.detail ? (
          <Text size="xs" c="dimmed">
            {view.detail}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {formatDateTime(notification.createdAt)}
        </Text>
      </span>
    </>
  );
  return (
    <li>
      {view.link ? (
        // A real link: it opens with Enter, in a new tab with a middle click, and says where it leads.
        <UnstyledButton component={Link} to={view.link} {...itemProps}>
          {body}
        </UnstyledButton>
      ) : (
        <UnstyledButton {...itemProps}>{body}</UnstyledButton>
      )}
    </li>
  );
}
