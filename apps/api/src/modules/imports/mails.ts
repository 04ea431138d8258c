import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, agencyContracts, clientInvitations, clients, importMailEffects } from '../../db/schema/index.js';
import { renderMail } from '../../integrations/mail/layout.js';
import type { JobQueue } from '../../jobs/background-jobs.js';
import { formatEuros } from '../../lib/french.js';

/** A quote awaiting the customer's decision, or an invoice with something to pay, made by an import. */
export interface NewDocument {
  kind: 'quotation' | 'invoice';
  agencyContractId: number;
  number: string;
  /** Quote: its amount; invoice: what is left to pay. Cents. */
  amount: number;
}

/** What an import's writes leave to do once it is answered. */
export interface ImportEffects {
  newDocuments: NewDocument[];
  /** Customers whose item asked `"invite": true`. */
  invitedClientIds: number[];
}
export const noEffects = (): ImportEffects => ({ newDocuments: [], invitedClientIds: [] });

export const IMPORT_MAIL_SUBJECTS = {
  quotation: 'Un nouveau devis est disponible',
  invoice: 'Une nouvelle facture est disponible',
} as const;

const line = (d: NewDocument) =>
  d.kind === 'quotation'
    ? `Devis n° ${d.number} : ${formatEuros(d.amount)}`
    : `Facture n° ${d.number} : ${formatEuros(d.amount)} à régler`;

function newDocumentsMail(base: string, firstName: string, agencyName: string, documents: NewDocument[]) {
  const first = documents.find((d) => d.kind === 'quotation') ?? documents[0]!;
  const url = new URL(`/extranet/contract/${first.agencyContractId}`, base);
  url.searchParams.set('tab', first.kind === 'quotation' ? 'quote' : 'invoice');
  return renderMail({
    subject: IMPORT_MAIL_SUBJECTS[first.kind],
    greeting: `Bonjour ${firstName},`,
    paragraphs: [`Votre agence ${agencyName} a ajouté à votre espace client :`, ...documents.map(line)],
    action: { label: 'Voir dans mon espace client', url: url.toString() },
    footnote:
      "Vous n'avez pas encore de mot de passe ? Choisissez-le avec cette adresse email depuis « Première connexion » sur la page de connexion de l'espace client.",
  });
}

/**
 * One mail per customer for everything new an import brought them (the subject names a quote when
 * there is one), so that a nightly run never sends a customer several mails. Customers whose
 * account is disabled get none.
 */
export async function sendNewDocumentMails(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  agencyId: number,
  documents: NewDocument[],
  jobKey: string,
) {
  if (documents.length === 0) return;
  const contractIds = [...new Set(documents.map((d) => d.agencyContractId))];
  const owners = await deps.db
    .select({ id: agencyContracts.id, clientId: clients.id, email: clients.emailAddress, firstName: clients.firstName })
    .from(agencyContracts)
    .innerJoin(clients, eq(clients.id, agencyContracts.clientId))
    .where(and(inArray(agencyContracts.id, contractIds), eq(agencyContracts.agencyId, agencyId), eq(clients.isActive, true)));
  const [agency] = await deps.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
  const ownerOf = new Map(owners.map((o) => [o.id, o]));
  const byClient = new Map<number, { email: string; firstName: string; documents: NewDocument[] }>();
  for (const d of documents) {
    const owner = ownerOf.get(d.agencyContractId);
    if (!owner) continue;
    const entry = byClient.get(owner.clientId) ?? { email: owner.email, firstName: owner.firstName, documents: [] };
    entry.documents.push(d);
    byClient.set(owner.clientId, entry);
  }
  for (const [clientId, { email, firstName, documents: theirs }] of byClient) {
    const mail = newDocumentsMail(deps.config.PUBLIC_URL, firstName, agency?.name ?? '', theirs);
    await deps.mailer.send({ to: email, ...mail }, { key: `${jobKey}:client:${clientId}` });
  }
}

export const IMPORT_INVITATION_SUBJECT = 'Votre espace client vous attend';

function invitationMail(base: string, firstName: string, agencyName: string, email: string) {
  const url = new URL('/extranet/login', base);
  // The login page opens the first connection with this address locked.
  url.searchParams.set('id', email);
  return renderMail({
    subject: IMPORT_INVITATION_SUBJECT,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [
      `Votre agence ${agencyName} vous ouvre votre espace client : vos contrats, devis, factures et interventions en ligne.`,
      'Choisissez votre mot de passe pour y accéder.',
    ],
    action: { label: 'Créer mon accès', url: url.toString() },
    footnote: "Si vous n'êtes pas client de cette agence, ignorez ce message.",
  });
}

/**
 * The invitation of customers who have no password yet, once per customer: the row of
 * `client_invitations` is taken first (ON CONFLICT DO NOTHING), so two imports at once send one.
 */
export async function sendInvitations(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, agencyId: number, clientIds: number[]) {
  if (clientIds.length === 0) return;
  const [agency] = await deps.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
  const candidates = await deps.db
    .select({ id: clients.id, email: clients.emailAddress, firstName: clients.firstName })
    .from(clients)
    .where(and(inArray(clients.id, [...new Set(clientIds)]), isNull(clients.passwordHash), eq(clients.isActive, true)));
  for (const c of candidates) {
    // The invitation's row and its mail commit together: a crash between them loses neither.
    await deps.db.transaction(async (tx) => {
      const taken = await tx
        .insert(clientInvitations)
        .values({ clientId: c.id, agencyId })
        .onConflictDoNothing()
        .returning({ clientId: clientInvitations.clientId });
      if (taken.length === 0) return;
      const mail = invitationMail(deps.config.PUBLIC_URL, c.firstName, agency?.name ?? '', c.email);
      await deps.mailer.send({ to: c.email, ...mail }, { db: tx, key: `client-invitation:${c.id}` });
    });
  }
}

export const IMPORT_MAILS_JOB = 'import_mails';

/**
 * How long an import's mails job waits for the import's next chunk before it runs anyway. A
 * chunk takes seconds; the hold only matters when the import dies between two chunks.
 */
export const IMPORT_MAILS_HOLD_MS = 10 * 60 * 1000;

const merged = (parts: ImportEffects[]): ImportEffects => ({
  newDocuments: parts.flatMap((p) => p.newDocuments),
  invitedClientIds: parts.flatMap((p) => p.invitedClientIds),
});

/**
 * The customers' mails of one import, as one job written with the chunks that cause them: the
 * first chunk with something to tell writes the job held, each chunk writes what it has to tell
 * beside it (`import_mail_effects`) in its own transaction, and the report lets the job go. One
 * job per import, so a customer whose quote and invoice come in two chunks still gets one mail;
 * and a chunk's mails commit with the chunk, so an import that dies after some chunks still tells
 * their customers, once the hold is over.
 */
export function importMailsJob(jobs: JobQueue, agencyId: number) {
  let jobId: number | null = null;
  return {
    /** In a chunk's transaction, with what that chunk's writes leave to tell. */
    async add(tx: DbOrTx, chunk: ImportEffects) {
      if (chunk.newDocuments.length === 0 && chunk.invitedClientIds.length === 0) return;
      if (jobId === null || !(await jobs.extendHold(tx, jobId, IMPORT_MAILS_HOLD_MS))) {
        jobId = await jobs.enqueue(IMPORT_MAILS_JOB, { agencyId }, tx, { holdMs: IMPORT_MAILS_HOLD_MS });
      }
      await tx.insert(importMailEffects).values({ jobId, effects: chunk });
    },
    /** In the report's transaction: the mails go now. Answers whether there is a job to run. */
    async release(tx: DbOrTx) {
      if (jobId === null) return false;
      await jobs.release(tx, jobId);
      return true;
    },
  };
}

/** What an import's job is to tell: its chunks' rows (and, for a job written before them, its payload's). */
export async function importMailsEffects(db: DbOrTx, jobId: number, payload: Record<string, unknown>) {
  const parts = await db
    .select({ effects: importMailEffects.effects })
    .from(importMailEffects)
    .where(eq(importMailEffects.jobId, jobId))
    .orderBy(asc(importMailEffects.id));
  const inPayload = payload.effects ? [payload.effects as ImportEffects] : [];
  return merged([...inPayload, ...parts.map((p) => p.effects as ImportEffects)]);
}

/** The job an import leaves (jobs/background-jobs.ts): a replay sends no mail twice (keys). */
export async function sendImportMails(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  agencyId: number,
  effects: ImportEffects,
  jobKey: string,
) {
  await sendInvitations(deps, agencyId, effects.invitedClientIds);
  await sendNewDocumentMails(deps, agencyId, effects.newDocuments, jobKey);
}
