import type { NotificationType } from '@reseau/contracts/constants/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { notifyError } from '../lib/notify';
import { api } from './http';
import { usePollingFallback } from './live-events';

export interface AppNotification {
  id: number;
  type: NotificationType | string;
  isRead: boolean;
  data: Record<string, unknown>;
  createdAt: string;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  mine: (pageSize: number) => ['notifications', 'mine', pageSize] as const,
};

export const NOTIFICATION_LIST_PAGE_SIZE = 30;

const keys = notificationKeys;

/** GET /count-all-unread-notifications: live (use-live-events.ts), or read every minute while the stream is down. */
export function useUnreadNotificationCount() {
  return useQuery({
    queryKey: keys.count,
    queryFn: async () =>
      (await api.get<{ unreadNotificationsCounter: number }>('/count-all-unread-notifications')).unreadNotificationsCounter,
    refetchInterval: usePollingFallback(60_000),
    meta: { errorMessage: 'errors.loadNotifications' },
  });
}

/** GET /notifications/mine, newest first. */
export function useMyNotifications(enabled: boolean, pageSize = NOTIFICATION_LIST_PAGE_SIZE) {
  return useQuery({
    queryKey: keys.mine(pageSize),
    queryFn: () =>
      api.get<{ notifications: AppNotification[]; pageCount: number }>('/notifications/mine', {
        query: { pageNumber: 1, pageSize },
      }),
    enabled,
    meta: { errorMessage: 'errors.loadNotifications' },
  });
}

function useNotificationMutation<V>(call: (v: V) => Promise<unknown>, errorKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
    onError: () => notifyError(i18n.t(errorKey)),
  });
}

/** POST /notifications/{id}:read */
export function useMarkNotificationRead() {
  return useNotificationMutation((id: number) => api.post(`/notifications/${id}:read`), 'errors.updateNotifications');
}

/** PUT /read-all-notifications */
export function useMarkAllNotificationsRead() {
  return useNotificationMutation(() => api.put('/read-all-notifications'), 'errors.updateNotifications');
}

/** DELETE /delete-all-notifications-read (the bell confirms it first: `useConfirmed`). */
export function deleteReadNotifications() {
  return api.delete('/delete-all-notifications-read');
}

/** Reads the count and the list again (after a change made outside `useNotificationMutation`). */
export function useRefreshNotifications() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}
