import { AUDIT_LOG_RETENTION_YEARS } from './audit-log.js';

/**
 * How long the platform keeps personal data (RGPD issue 28 §3): the one table of periods. The API's
 * daily `retention` job applies each `automatic` entry (apps/api/src/modules/retention/rules.ts gives
 * each one its run), the privacy page lists every entry under its text, and docs/operations.md and
 * docs/data-rights.md list them too. The other entries are kept by law or while the account lives,
 * and say so.
 */
export type RetentionUnit = 'days' | 'months' | 'years';

export interface RetentionPeriod {
  /** The rule's name: the job's log line and the metric's `rule` label. */
  name: string;
  /** What is kept (French, as the privacy page lists it). */
  data: string;
  /** Why it is kept. */
  purpose: string;
  amount: number;
  unit: RetentionUnit;
  /** From when the period runs, and what happens at its end. */
  rule: string;
  /** Applied by the daily job (true), or stated only (kept by law, or as long as the account lives). */
  automatic: boolean;
}

export const RETENTION_PERIODS = [
  {
    name: 'prospect_contacts',
    data: "Demandes des personnes qui ne sont pas clientes d'une agence (prospects) : nom, adresse email, téléphone, adresse, message",
    purpose: 'Répondre à la demande et proposer les services de l’agence',
    amount: 3,
    unit: 'years',
    rule: 'après le dernier contact, puis anonymisées',
    automatic: true,
  },
  {
    name: 'audit_log',
    data: "Journal d'audit : connexions, modifications, téléchargements, avec l'adresse IP",
    purpose: 'Sécurité de la plateforme et preuve des actions faites',
    amount: AUDIT_LOG_RETENTION_YEARS,
    unit: 'years',
    rule: 'après chaque entrée, puis supprimé',
    automatic: true,
  },
  {
    name: 'mail_bodies',
    data: 'Contenu des emails envoyés par la plateforme (le destinataire, l’objet et la date restent)',
    purpose: 'Vérifier qu’un email est bien parti',
    amount: 30,
    unit: 'days',
    rule: "après l'envoi, puis effacé",
    automatic: true,
  },
  {
    name: 'expired_tokens',
    data: 'Liens reçus par email (mot de passe, connexion, vérification), défis de clé d’accès et de second facteur',
    purpose: 'Sécurité de la connexion',
    amount: 0,
    unit: 'days',
    rule: 'supprimés dès leur expiration (au passage quotidien suivant)',
    automatic: true,
  },
  {
    name: 'ended_sessions',
    data: 'Sessions de connexion (appareil, adresse IP, dernière utilisation)',
    purpose: 'Rester connecté et voir ses connexions dans « Mes connexions »',
    amount: 30,
    unit: 'days',
    rule: 'après la fin de la session (déconnexion ou expiration), puis supprimées',
    automatic: true,
  },
  {
    name: 'data_exports',
    data: 'Fichiers d’export de vos données (« Télécharger mes données »)',
    purpose: 'Vous remettre vos données',
    amount: 7,
    unit: 'days',
    rule: 'après leur création, puis supprimés',
    automatic: true,
  },
  {
    name: 'customer_accounts',
    data: 'Compte client : identité, coordonnées, contrats, équipements, interventions, demandes',
    purpose: 'Gérer vos contrats et vos demandes',
    amount: 3,
    unit: 'years',
    rule: 'après la fin de la relation avec l’agence, ou jusqu’à la suppression du compte',
    automatic: false,
  },
  {
    name: 'invoices',
    data: 'Factures, devis signés et paiements',
    purpose: 'Obligation comptable (Code de commerce, article L123-22)',
    amount: 10,
    unit: 'years',
    rule: 'après la clôture de l’exercice, même après la suppression du compte',
    automatic: false,
  },
] as const satisfies readonly RetentionPeriod[];

export type RetentionRuleName = (typeof RETENTION_PERIODS)[number]['name'];
/** The names of the entries the daily job applies. */
export type AutomaticRetentionRuleName = Extract<(typeof RETENTION_PERIODS)[number], { automatic: true }>['name'];

const UNIT_WORDS: Record<RetentionUnit, [string, string]> = {
  days: ['jour', 'jours'],
  months: ['mois', 'mois'],
  years: ['an', 'ans'],
};

/** « 3 ans après le dernier contact, puis anonymisées »; a period of 0: the rule alone. */
export function retentionText(period: Pick<RetentionPeriod, 'amount' | 'unit' | 'rule'>): string {
  if (period.amount === 0) return period.rule.charAt(0).toUpperCase() + period.rule.slice(1);
  const [one, many] = UNIT_WORDS[period.unit];
  return `${period.amount} ${period.amount > 1 ? many : one} ${period.rule}`;
}

export const RETENTION_MESSAGES = {
  /** What an anonymised prospect's demand shows instead of a name. */
  anonymisedName: 'Personne anonymisée',
} as const;
