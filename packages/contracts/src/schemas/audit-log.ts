import { z } from 'zod';
import { AUDIT_ACTION_LABELS, AUDIT_ACTOR_KINDS, AUDIT_LOG_MESSAGES, AUDIT_LOG_PAGE_SIZE } from '../constants/audit-log.js';
import { idParam, pageFields } from './primitives.js';

/** `yyyy-MM-dd`, a real day (a Paris day: the period runs from its midnight to the next one's). */
const day = z.iso.date();

const filterFields = {
  /** The acting person (the real caller: a network admin acting as someone is found under their own name). */
  personId: idParam.optional(),
  action: z
    .string()
    .refine((action) => Object.hasOwn(AUDIT_ACTION_LABELS, action), AUDIT_LOG_MESSAGES.unknownAction)
    .optional(),
  agencyId: idParam.optional(),
  dateFrom: day.optional(),
  dateTo: day.optional(),
};

/** The period's end may not come before its start (said on `dateTo`). */
const inOrder = <T extends { dateFrom?: string; dateTo?: string }>(schema: z.ZodType<T>) =>
  schema.refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: AUDIT_LOG_MESSAGES.dateOrder,
    path: ['dateTo'],
  });

/** The filters of GET /audit-log.csv (and of the list); `dateFrom` and `dateTo` are both included. */
export const auditLogFilters = inOrder(z.object(filterFields));
export type AuditLogFilters = z.infer<typeof auditLogFilters>;

/** GET /audit-log: the filters and the page (50 entries unless asked). */
export const auditLogQuery = inOrder(z.object({ ...filterFields, ...pageFields(AUDIT_LOG_PAGE_SIZE) }));
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

const person = z.object({ id: z.number().int(), name: z.string() });

/** One entry as the screen shows it: never the raw details (they may name what only the server needs). */
export const auditLogEntry = z.object({
  id: z.number().int(),
  /** ISO 8601 instant. */
  at: z.string(),
  action: z.string(),
  /** The French name of the action. */
  actionLabel: z.string(),
  /** The real caller; `kind` none when nobody known acted (an unknown address, an agency's key). */
  actor: z.object({ id: z.number().int().nullable(), name: z.string().nullable(), kind: z.enum(AUDIT_ACTOR_KINDS) }),
  /** The account the actor acted as, when impersonating: « actor en tant que impersonatedAdmin ». */
  impersonatedAdmin: person.nullable(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** A short French sentence built from the entry's details. */
  summary: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogList = z.object({ auditLogEntries: z.array(auditLogEntry), pageCount: z.number().int() });
export type AuditLogList = z.infer<typeof auditLogList>;

/** The people the person filter offers: the accounts that appear as actors in what the caller may read. */
export const auditLogPeople = z.object({ people: z.array(person) });
export type AuditLogPeople = z.infer<typeof auditLogPeople>;
