import { z } from 'zod';
import { ERROR_MESSAGES } from '../constants/errors.js';
import { MESSAGES } from '../constants/messages.js';
import { SESSION_END_LINK_TOKEN_MAX } from '../constants/sessions.js';

/** One open session of the caller's account, as GET /me/sessions lists it (never a token). */
export const ownSession = z.object({
  id: z.string(),
  /** "Chrome sur Windows", "Safari sur iPhone": from the sign-in's User-Agent. */
  deviceLabel: z.string(),
  /** The client address at sign-in (null for sessions opened before it was kept). */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the access token that asks. */
  isCurrent: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;
export const ownSessionList = z.object({ sessions: z.array(ownSession) });
export type OwnSessionList = z.infer<typeof ownSessionList>;

/** DELETE /me/sessions/{id}: a session's id (a UUID); anything else names no session. */
export const ownSessionParams = z.object({ id: z.uuid({ error: ERROR_MESSAGES.not_found }) });

/** POST /me/sessions:end-others: how many sessions it ended. */
export const otherSessionsEnded = z.object({ endedCount: z.number().int() });
export type OtherSessionsEnded = z.infer<typeof otherSessionsEnded>;

/** POST /auth/sessions:end-by-link: the token of the new-device mail's link. */
export const endSessionByLinkBody = z.object({
  token: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(SESSION_END_LINK_TOKEN_MAX, MESSAGES.tooLong),
});
export type EndSessionByLinkBody = z.infer<typeof endSessionByLinkBody>;
