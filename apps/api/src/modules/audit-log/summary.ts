import { ROLES } from '@reseau/contracts';

type Details = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const roleName = (id: unknown) => ROLES.find((r) => r.id === id)?.name ?? String(id);

/** What a customer's document is, in the words of the screens. */
const DOCUMENT_KINDS: Record<string, string> = {
  contractQuotation: 'Devis',
  contractInvoice: 'Facture',
  contractServiceCallVoucher: 'Bon d’intervention',
  contractDocument: 'Document de contrat',
  signatureDocumentEnvelope: 'Document signé',
};

/** « POST /network-actualities (200) »: an agency key's call, a write made as someone else. */
const call = (d: Details) => {
  const method = text(d.method);
  const route = text(d.route);
  return method && route ? `${method} ${route} (${count(d.status) ?? '?'})` : '';
};

/** An account's state or role that changed. */
function accountChange(d: Details): string {
  const parts: string[] = [];
  if (d.isActive === false) parts.push('Compte désactivé');
  if (d.isActive === true) parts.push('Compte réactivé');
  const role = d.roleId as { from?: unknown; to?: unknown } | undefined;
  if (role && typeof role === 'object') parts.push(`Rôle : ${roleName(role.from)} → ${roleName(role.to)}`);
  return parts.join(' ; ');
}

const SUMMARIES: Record<string, (d: Details) => string> = {
  'auth.admin_sign_in_failed': (d) => `Adresse saisie : ${text(d.emailAddress) ?? ''}`,
  'auth.client_sign_in_failed': (d) => `Adresse saisie : ${text(d.emailAddress) ?? ''}`,
  impersonated_request: call,
  'agency_api_key.call': call,
  'agency_api_key.created': (d) => (text(d.label) ? `Clé « ${text(d.label)} »` : ''),
  'network_admin.updated': accountChange,
  'adherent_user.updated': accountChange,
  'adherent_admin.updated': accountChange,
  'agency.postal_codes_imported': (d) => (count(d.count) === null ? '' : `${count(d.count)} codes postaux`),
  'agency.postal_codes_exported': (d) => (count(d.count) === null ? '' : `${count(d.count)} codes postaux`),
  'audit_log.exported': (d) => (count(d.count) === null ? '' : `${count(d.count)} entrées`),
  'signature_document.archive_exported': (d) =>
    count(d.envelopeCount) === null ? '' : `${count(d.envelopeCount)} documents signés`,
  'data_export.requested': (d) => (count(d.dataExportId) === null ? '' : `Export n° ${count(d.dataExportId)}`),
  'data_export.downloaded': (d) => (count(d.dataExportId) === null ? '' : `Export n° ${count(d.dataExportId)}`),
  'file.customer_document_downloaded': (d) =>
    [DOCUMENT_KINDS[text(d.holder) ?? ''] ?? 'Document', text(d.fileName)].filter(Boolean).join(' : '),
  'admin.password_set': (d) =>
    d.via === 'connection_link' ? 'Par un lien de connexion' : d.via === 'password_reset' ? 'Mot de passe oublié' : '',
};

/**
 * A short French sentence of an entry, from the details' known fields only: a detail the screen
 * should not show (a session id, anything a later action adds) never reaches it.
 */
export function auditSummary(action: string, details: Details): string {
  return SUMMARIES[action]?.(details) ?? '';
}
