/** Stable error codes sent as `code` in every error response. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'invalid_credentials',
  'invalid_refresh_token',
  'invalid_token',
  'same_email',
  'user_already_verified',
  'email_already_used',
  'impersonation_forbidden',
  'file_too_large',
  'file_type_not_allowed',
  'file_sanitization_failed',
  /** 429 on POST /files: the account's uploads of the last 24 hours reached the daily quota (Retry-After). */
  'upload_quota_exceeded',
  'nothing_to_pay',
  'amount_too_low',
  'amount_too_high',
  'invalid_payment_email',
  'payment_already_succeeded',
  /** The agency takes no online payment (no PayPlug key). */
  'payment_unavailable',
  /** `:accept` on a quote with a document: it is accepted by signing it. */
  'signature_required',
  'yousign_invalid_document',
  'yousign_obsolete_pdf_version',
  /** 503: the database cannot be reached for now (a retry later may succeed). */
  'database_unavailable',
  /** POST/PUT /adherent-admins: another admin of the adherent is already shown on the map; the body carries adminAdherentIds. */
  'adherent_admin_already_on_map',
  /** Answers to a spare-part announcement (spec 02 §8): see SPARE_PART_ANSWER_ERROR_CODES. */
  'spare_part_announcement_already_answered',
  'spare_part_announcement_own',
  'spare_part_announcement_expired',
  'spare_part_announcement_wrong_answer',
  /** POST /forum-posts on a closed thread (spec 02 §4). */
  'forum_thread_closed',
  /** A call with an agency API key (x-api-key) that is unknown or revoked (401). */
  'invalid_api_key',
  /** POST /monthly-results: the agency already entered that month (409). */
  'monthly_result_exists',
  /** GET /monthly-results:network-figures before the agency entered that month (409, spec 02 §8). */
  'monthly_result_missing',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes of `:initialize-payment` that the extranet explains under the invoice (spec 03 §8). */
export const PAYMENT_START_ERROR_CODES = [
  'nothing_to_pay',
  'amount_too_low',
  'amount_too_high',
  'invalid_payment_email',
  'payment_already_succeeded',
  'payment_unavailable',
] as const satisfies readonly ErrorCode[];

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
  /** `adherent_admin_already_on_map`: the adherent admins already shown on the map. */
  adminAdherentIds?: number[];
}
