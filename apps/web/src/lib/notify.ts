import { notifications, notificationsStore } from '@mantine/notifications';
import i18n from '../i18n';
import { markNoticeAsked } from './notice-signal';

/** Popover notices (spec 03 §2): hidden after 3 s unless flagged to stay. */
export const NOTICE_AUTO_CLOSE_MS = 3000;

interface NoticeOptions {
  title?: string;
  stay?: boolean;
}

const ERROR_COLOR = 'red';

function show(color: string, message: string, options: NoticeOptions) {
  markNoticeAsked();
  notifications.show({
    color,
    title: options.title,
    message,
    autoClose: options.stay ? false : NOTICE_AUTO_CLOSE_MS,
    // Mantine's close button has no name of its own.
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

/** A success ends the errors still shown: they were about an attempt that has now worked. */
export function notifySuccess(message: string, options: NoticeOptions = {}) {
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const notice of [...shown, ...queue]) if (notice.color === ERROR_COLOR && notice.id) notifications.hide(notice.id);
  show('teal', message, options);
}

export function notifyError(message: string, options: NoticeOptions = {}) {
  show(ERROR_COLOR, message, options);
}
