/**
 * The audit log, readable (issue 27 §4): who did what, when, from which address, as whom.
 * Role 1 reads the whole network; an adherent's director (role 4) reads the entries of their
 * adherent's accounts. Kept a year, then purged.
 */
export const AUDIT_LOG_PAGE_SIZE = 50;
/** The CSV export holds at most this many entries (the newest of the filters); narrow the dates for more. */
export const AUDIT_LOG_CSV_MAX_ROWS = 10_000;
/** How long an entry is kept before the daily purge deletes it (a calendar year, as the database's trigger counts it). */
export const AUDIT_LOG_RETENTION_YEARS = 1;

/**
 * The French name of each action the platform writes. An action missing here is shown by its
 * code; the actions of the second factor and "Mes connexions" are named before they are written.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.admin_sign_in': 'Connexion à l’intranet',
  'auth.admin_sign_in_failed': 'Échec de connexion à l’intranet',
  'auth.client_sign_in': 'Connexion à l’extranet',
  'auth.client_sign_in_failed': 'Échec de connexion à l’extranet',
  'auth.impersonation_started': 'Connexion en tant qu’un autre utilisateur',
  impersonated_request: 'Modification faite en tant qu’un autre utilisateur',
  'auth.second_factor_enabled': 'Second facteur ajouté',
  'auth.second_factor_removed': 'Second facteur retiré',
  'auth.second_factor_reset': 'Second facteur réinitialisé',
  'auth.recovery_codes_generated': 'Codes de secours générés',
  'auth.recovery_code_used': 'Code de secours utilisé',
  'auth.second_factor_failed': 'Échec du second facteur',
  'auth.session_ended': 'Connexion terminée',
  'auth.other_sessions_ended': 'Autres connexions terminées',
  'auth.passkey_added': 'Clé d’accès ajoutée',
  'auth.passkey_removed': 'Clé d’accès supprimée',
  'admin.connection_link_sent': 'Lien de connexion envoyé',
  'admin.password_set': 'Mot de passe défini',
  'network_admin.created': 'Administrateur réseau créé',
  'network_admin.updated': 'Administrateur réseau modifié',
  'network_admin.reordered': 'Administrateurs réseau réordonnés',
  'adherent_admin.created': 'Administrateur adhérent créé',
  'adherent_admin.updated': 'Administrateur adhérent modifié',
  'adherent_user.created': 'Utilisateur adhérent créé',
  'adherent_user.updated': 'Utilisateur adhérent modifié',
  'adherent_user.archived': 'Utilisateur adhérent supprimé',
  'admin.anonymized': 'Compte du personnel anonymisé',
  'adherent.created': 'Adhérent créé',
  'adherent.updated': 'Adhérent modifié',
  'agency.created': 'Agence créée',
  'agency.updated': 'Agence modifiée',
  'agency.infos_updated': 'Informations de l’agence modifiées',
  'agency.postal_codes_imported': 'Codes postaux importés',
  'agency.postal_codes_exported': 'Codes postaux exportés',
  'agency_api_key.created': 'Clé d’API créée',
  'agency_api_key.revoked': 'Clé d’API révoquée',
  'agency_api_key.call': 'Appel avec une clé d’API',
  'agency_contract.email_change_requested': 'Changement d’email de contrat demandé',
  'agency_contract.email_changed': 'Email de contrat changé',
  'agency_contract.phones_changed': 'Téléphones de contrat changés',
  'file.customer_document_downloaded': 'Document client téléchargé',
  'audit_log.exported': 'Journal d’audit exporté',
  'signature_document.archive_exported': 'Archive des documents signés exportée',
  'client.email_change_requested': 'Changement d’email demandé (client)',
  'client.email_changed': 'Email changé (client)',
  'client.email_verified': 'Email vérifié (client)',
  'client.password_changed': 'Mot de passe changé (client)',
  'client.password_reset': 'Mot de passe réinitialisé (client)',
  'client.erased': 'Compte supprimé et anonymisé (client)',
  'network_actuality.created': 'Actualité créée',
  'network_actuality.updated': 'Actualité modifiée',
  'network_actuality.deleted': 'Actualité supprimée',
  'document_base_item.created': 'Document créé',
  'document_base_item.updated': 'Document modifié',
  'document_base_item.deleted': 'Document supprimé',
  'forum_thread.created': 'Sujet de forum créé',
  'forum_thread.deleted': 'Sujet de forum supprimé',
  'forum_post.created': 'Message de forum publié',
  'forum_post.updated': 'Message de forum modifié',
  'forum_post.deleted': 'Message de forum supprimé',
  'spare_part_announcement.created': 'Annonce de pièces créée',
  'spare_part_announcement.updated': 'Annonce de pièces modifiée',
  'spare_part_announcement.deleted': 'Annonce de pièces supprimée',
  'job_offer.created': 'Offre d’emploi créée',
  'job_offer.updated': 'Offre d’emploi modifiée',
  'job_offer.deleted': 'Offre d’emploi supprimée',
  'network_application.created': 'Application créée',
  'network_application.updated': 'Application modifiée',
  'network_application.deleted': 'Application supprimée',
  'agency_page_content.created': 'Contenu de page d’agence créé',
  'agency_page_content.updated': 'Contenu de page d’agence modifié',
  'agency_page_content.deleted': 'Contenu de page d’agence supprimé',
  'network_prestation.created': 'Prestation réseau créée',
  'network_prestation.updated': 'Prestation réseau modifiée',
  'network_prestation.deleted': 'Prestation réseau supprimée',
  'agency_prestation.created': 'Prestation d’agence créée',
  'agency_prestation.updated': 'Prestation d’agence modifiée',
  'agency_prestation.deleted': 'Prestation d’agence supprimée',
  'agency_network_prestation.created': 'Prestation réseau d’agence créée',
  'agency_network_prestation.updated': 'Prestation réseau d’agence modifiée',
  'equipment_type_detail.saved': 'Détail de type d’équipement enregistré',
  'monthly_result.created': 'Résultats mensuels saisis',
  'monthly_result.updated': 'Résultats mensuels modifiés',
  'mail.retried': 'Email relancé',
  'job.retried': 'Tâche différée relancée',
  'data_export.requested': 'Export des données demandé',
  'data_export.downloaded': 'Export des données téléchargé',
  'legal_page.updated': 'Page légale modifiée',
};

/** The French name of an action: its label, or its code when it has none. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

export const AUDIT_LOG_MESSAGES = {
  dateOrder: 'La date de fin doit suivre la date de début',
  unknownAction: 'Action inconnue',
} as const;

/** Who acted: a staff account, a customer, or nobody known (a failed sign-in with an unknown address, an agency's key). */
export const AUDIT_ACTOR_KINDS = ['admin', 'client', 'none'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
