import type { AppNotification } from '../../../api/notifications';
import type { TFunction } from '../../../i18n';

function text(data: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value.trim()) return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

export interface NotificationView {
  text: string;
  /** A secondary line: who to contact for spare-part answers. */
  detail?: string;
  /** Where a click goes, inside the intranet. */
  link: string | null;
}

/** The French line and target of a notification, from its type and data fields (spec 00 §3). */
export function describeNotification(notification: AppNotification, t: TFunction): NotificationView {
  const d = notification.data ?? {};
  const forumId = text(d, 'forumId');
  const threadId = text(d, 'forumThreadId');
  const threadLink =
    forumId && threadId
      ? `/intranet/forum/${forumId}/thread/${threadId}`
      : forumId
        ? `/intranet/forum/${forumId}`
        : '/intranet/forum';
  const announcement = text(d, 'sparePartAnnouncementTitle', 'title');
  const applicantName = text(d, 'applicantFullName', 'applicantName') || t('notifications.someone');
  const agency = text(d, 'applicantAgencyName', 'agencyName');
  const applicant = agency ? `${applicantName} (${agency})` : applicantName;
  const contact = [
    text(d, 'applicantEmailAddress', 'applicantEmail', 'emailAddress', 'email'),
    text(d, 'applicantPhoneNumber', 'applicantPhone', 'phoneNumber', 'phone'),
  ]
    .filter(Boolean)
    .join(' · ');
  const announcementId = text(d, 'sparePartAnnouncementId');
  const sparePartsLink = announcementId ? `/intranet/spare-parts?id=${announcementId}` : '/intranet/spare-parts';

  switch (notification.type) {
    case 'NEW_FORUM_THREAD':
      return { text: t('notifications.types.NEW_FORUM_THREAD', { thread: text(d, 'forumThreadTitle') }), link: threadLink };
    case 'NEW_FORUM_POST':
      return { text: t('notifications.types.NEW_FORUM_POST', { thread: text(d, 'forumThreadTitle') }), link: threadLink };
    case 'NEW_NETWORK_ACTUALITY': {
      const id = text(d, 'networkActualityId');
      return {
        text: t('notifications.types.NEW_NETWORK_ACTUALITY', { title: text(d, 'networkActualityTitle') }),
        link: id ? `/intranet/network-news/${id}` : '/intranet/network-news',
      };
    }
    case 'NEW_DOCUMENT': {
      const baseId = text(d, 'documentBaseId');
      const itemId = text(d, 'documentBaseItemId');
      return {
        text: t('notifications.types.NEW_DOCUMENT', {
          title: text(d, 'documentBaseItemTitle'),
          base: text(d, 'documentBaseName'),
        }),
        link:
          baseId && itemId
            ? `/intranet/doc-base/${baseId}/${itemId}`
            : baseId
              ? `/intranet/doc-base/${baseId}`
              : '/intranet/doc-base',
      };
    }
    case 'SPARE_PART_ANNOUNCEMENT_EXPIRATION':
      return { text: t('notifications.types.SPARE_PART_ANNOUNCEMENT_EXPIRATION', { title: announcement }), link: sparePartsLink };
    case 'SPARE_PART_ANNOUNCEMENT_HAVE':
    case 'SPARE_PART_ANNOUNCEMENT_WANT':
      return {
        text: t(`notifications.types.${notification.type}`, { applicant, title: announcement }),
        detail: contact ? t('notifications.contact', { contact }) : undefined,
        link: sparePartsLink,
      };
    default:
      return { text: t('notifications.types.UNKNOWN'), link: null };
  }
}
