import { and, eq, inArray } from 'drizzle-orm';
import { agencies, agencyContracts, clients } from '../../db/schema/index.js';
import { renderMail } from '../../integrations/mail/layout.js';
import type { AppDeps } from '../../lib/http.js';
import { formatEuros } from '../quotations/signature.js';

/** A quote awaiting the customer's decision, or an invoice with something to pay, made by an import. */
export interface NewDocument {
  kind: 'quotation' | 'invoice';
  agencyContractId: number;
  number: string;
  /** Quote: its amount; invoice: what is left to pay. Cents. */
  amount: number;
}

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
  for (const { email, firstName, documents: theirs } of byClient.values()) {
    await deps.mailer.send({ to: email, ...newDocumentsMail(deps.config.PUBLIC_URL, firstName, agency?.name ?? '', theirs) });
  }
}
