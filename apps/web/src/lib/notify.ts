import { notifications } from '@mantine/notifications';
import { markNoticeAsked } from './notice-signal';

/** Popover notices (spec 03 §2): hidden after 3 s unless flagged to stay. */
export const NOTICE_AUTO_CLOSE_MS = 3000;

interface NoticeOptions {
  title?: string;
  stay?: boolean;
}

export function notifySuccess(message: string, options: NoticeOptions = {}) {
  markNoticeAsked();
  notifications.show({
    color: 'teal',
    title: options.title,
    message,
    autoClose: options.stay ? false : NOTICE_AUTO_CLOSE_MS,
  });
}

export function notifyError(message: string, options: NoticeOptions = {}) {
  markNoticeAsked();
  notifications.show({
    color: 'red',
    title: options.title,
    message,
    autoClose: options.stay ? false : NOTICE_AUTO_CLOSE_MS,
  });
}
