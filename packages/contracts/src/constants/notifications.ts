export const NOTIFICATION_TYPES = [
  'SPARE_PART_ANNOUNCEMENT_EXPIRATION',
  'SPARE_PART_ANNOUNCEMENT_HAVE',
  'SPARE_PART_ANNOUNCEMENT_WANT',
  'NEW_FORUM_THREAD',
  'NEW_FORUM_POST',
  'NEW_NETWORK_ACTUALITY',
  'NEW_DOCUMENT',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** The bell shows 99+ above this (spec 00 §4). */
export const NOTIFICATION_BADGE_CAP = 99;
