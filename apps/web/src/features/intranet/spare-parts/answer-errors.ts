import { SPARE_PART_MESSAGES, type SparePartAnswerErrorCode } from '@reseau/contracts/constants/spare-parts';
import i18n from '../../../i18n';
import { isApiError } from '../../../lib/api-error';
import { genericErrorText } from '../../../lib/error-text';

/** The spare-part error table (spec 02 §8): an answer's refusal code → its French text, shared with the server. */
const ANSWER_ERRORS: Record<SparePartAnswerErrorCode, string> = {
  spare_part_announcement_already_answered: SPARE_PART_MESSAGES.alreadyAnswered,
  spare_part_announcement_own: SPARE_PART_MESSAGES.ownAnnouncement,
  spare_part_announcement_expired: SPARE_PART_MESSAGES.expired,
  spare_part_announcement_wrong_answer: i18n.t('spareParts.errors.answerAnnouncement'),
};

/** The popover of a failed answer: the table's text for a known code, else the fallback answerAnnouncement. */
export function answerErrorText(error: unknown): string {
  if (isApiError(error)) {
    const known = ANSWER_ERRORS[error.code as SparePartAnswerErrorCode];
    if (known) return known;
    if (error.code === 'timeout' || error.code === 'network_error') return genericErrorText(error);
  }
  return i18n.t('spareParts.errors.answerAnnouncement');
}
