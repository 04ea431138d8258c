import { SEARCHABLE_TYPE_PREFIXES, type SearchableType } from '@reseau/contracts/constants/search';
import { IconBriefcase, IconFileText, IconMessage, IconMessages, IconNews, IconTool, type TablerIcon } from '@tabler/icons-react';

/** What a hit is, told by the 2-letter prefix of its meta id (spec 02 §2); the letters are never shown. */
export interface HitType {
  labelKey: string;
  icon: TablerIcon;
  /** The entity's own read call: the hit is opened only when it answers (a 403 or 404 is a refusal). */
  readPath(id: number): string;
}

const HIT_TYPES: Record<SearchableType, HitType> = {
  network_actuality: { labelKey: 'globalSearch.types.news', icon: IconNews, readPath: (id) => `/network-actualities/${id}` },
  document_base_item: {
    labelKey: 'globalSearch.types.document',
    icon: IconFileText,
    readPath: (id) => `/document-base-items/${id}`,
  },
  forum_thread: { labelKey: 'globalSearch.types.forumThread', icon: IconMessages, readPath: (id) => `/forum-threads/${id}` },
  forum_post: { labelKey: 'globalSearch.types.forumPost', icon: IconMessage, readPath: (id) => `/forum-posts/${id}` },
  spare_part_announcement: {
    labelKey: 'globalSearch.types.sparePart',
    icon: IconTool,
    readPath: (id) => `/spare-part-announcements/${id}`,
  },
  job_offer: { labelKey: 'globalSearch.types.jobOffer', icon: IconBriefcase, readPath: (id) => `/job-offers/${id}` },
};

const BY_PREFIX = new Map(
  (Object.entries(SEARCHABLE_TYPE_PREFIXES) as [SearchableType, string][]).map(([type, prefix]) => [prefix, HIT_TYPES[type]]),
);

/** The type of a hit from its meta id ("FP-12"); undefined for a prefix this app does not know. */
export function hitTypeOf(metaId: string): HitType | undefined {
  return BY_PREFIX.get(metaId.split('-', 1)[0] ?? '');
}
