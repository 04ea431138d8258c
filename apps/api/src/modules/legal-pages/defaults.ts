import { LEGAL_PAGE_TITLES, type LegalPageSlug } from '@reseau/contracts';

/**
 * The texts each legal page shows until role 1 saves its own (RGPD issue 28 §4). Sanitized-HTML
 * subset only (p, h2, h3, ul, li, strong, a). The identity of the cooperative and of the host is a
 * placeholder in brackets that role 1 fills. The retention periods are not written here: the
 * privacy page lists them under its text from the contracts' RETENTION_PERIODS, the table the
 * daily job applies, so they are never out of date.
 */
const MENTIONS_LEGALES = `<h2>Éditeur de la plateforme</h2>
<p><strong>[Raison sociale de la coopérative]</strong>, [forme juridique] au capital de [montant] €, immatriculée au RCS de [ville] sous le numéro [numéro SIREN], dont le siège est [adresse du siège].</p>
<p>Numéro de TVA intracommunautaire : [numéro]. Téléphone : [téléphone]. Email : [adresse email de contact].</p>
<p>Directeur ou directrice de la publication : [nom], [fonction].</p>
<h2>Hébergement</h2>
<p>La plateforme et ses données sont hébergées par <strong>[nom de l'hébergeur]</strong>, [adresse de l'hébergeur], [téléphone de l'hébergeur], dans l'Union européenne.</p>
<h2>Ce que la plateforme fait</h2>
<p>L'intranet sert au réseau et à ses adhérents ; l'extranet permet aux clients des agences de suivre leurs contrats, devis, factures et interventions. Chaque agence adhérente reste responsable de la relation avec ses clients.</p>
<h2>Prestataires</h2>
<ul>
<li>Paiement en ligne des factures : PayPlug SAS (<a href="https://www.payplug.com">www.payplug.com</a>).</li>
<li>Signature électronique des devis : Yousign SAS (<a href="https://yousign.com">yousign.com</a>).</li>
</ul>
<h2>Propriété intellectuelle</h2>
<p>Les textes, logos et documents de la plateforme appartiennent à la coopérative ou à ses adhérents ; ils ne peuvent être repris sans leur accord.</p>
<h2>Données personnelles et cookies</h2>
<p>Voir la <a href="/confidentialite">politique de confidentialité</a>. La plateforme ne dépose aucun cookie de suivi.</p>
<h2>Accessibilité</h2>
<p>Voir la <a href="/accessibilite">déclaration d'accessibilité</a>.</p>`;

const POLITIQUE_DE_CONFIDENTIALITE = `<p>Cette page dit quelles données personnelles la plateforme garde, pourquoi, combien de temps, qui les reçoit, et comment exercer vos droits. Elle s'applique à l'intranet (personnel du réseau et des agences) et à l'extranet (clients des agences).</p>
<h2>Qui est responsable de vos données</h2>
<p>Pour un client, c'est <strong>votre agence</strong>, membre du réseau : elle tient votre dossier (contrats, équipements, devis, factures, interventions) et répond à vos demandes. La coopérative [raison sociale] édite et fait fonctionner la plateforme pour le compte des agences (voir les <a href="/mentions-legales">mentions légales</a>).</p>
<h2>Ce que nous gardons, et pourquoi</h2>
<ul>
<li><strong>Votre identité et vos coordonnées</strong> (nom, adresse email, téléphones, adresse) : gérer vos contrats et vous joindre. Base légale : le contrat qui vous lie à votre agence.</li>
<li><strong>Vos contrats, équipements, devis, factures, paiements et interventions</strong> : exécuter le contrat, et pour les factures l'obligation comptable (Code de commerce, article L123-22).</li>
<li><strong>Vos demandes à l'agence</strong> et celles des personnes qui ne sont pas encore clientes (formulaire du site) : y répondre. Base légale : l'intérêt légitime de l'agence à répondre et à proposer ses services.</li>
<li><strong>Vos connexions</strong> (date, appareil, adresse IP) et le <strong>journal d'audit</strong> des actions faites : la sécurité de la plateforme. Base légale : l'intérêt légitime et l'obligation de sécurité.</li>
<li><strong>Les emails</strong> que la plateforme vous envoie : vérifier qu'ils sont bien partis.</li>
</ul>
<h2>Combien de temps</h2>
<p>Les durées de conservation sont listées sous ce texte ; la plateforme les applique d'elle-même chaque jour (anonymisation ou suppression).</p>
<h2>Qui reçoit vos données</h2>
<ul>
<li><strong>Votre agence</strong> et son personnel habilité ; le personnel du réseau pour l'administration de la plateforme.</li>
<li><strong>PayPlug</strong>, quand vous payez une facture par carte : le paiement se fait sur sa page, la plateforme ne voit jamais votre numéro de carte.</li>
<li><strong>Yousign</strong>, quand vous signez un devis : votre nom, votre adresse email et le devis à signer.</li>
<li><strong>L'hébergeur</strong> de la plateforme ([nom de l'hébergeur], dans l'Union européenne), qui stocke les données sans les utiliser.</li>
</ul>
<p>Vos données ne sont ni vendues ni utilisées à des fins publicitaires.</p>
<h2>Vos droits</h2>
<p>Vous avez le droit d'<strong>accéder</strong> à vos données, de les faire <strong>rectifier</strong>, de les faire <strong>effacer</strong>, de les <strong>emporter</strong> (portabilité), de vous <strong>opposer</strong> à leur traitement et d'en demander la <strong>limitation</strong>.</p>
<ul>
<li>Sur l'extranet, la page « Informations personnelles » vous permet de corriger vos coordonnées, de « Télécharger mes données » (une archive ZIP, dont le lien reste valable 7 jours) et de « Supprimer mon compte ».</li>
<li>Pour tout autre droit, ou si vous n'avez pas de compte : écrivez à votre agence (son adresse email figure sur l'extranet et sur vos factures), ou à [adresse email de contact de la coopérative]. Une réponse vous est faite sous un mois.</li>
</ul>
<p>Les factures restent conservées 10 ans même après la suppression du compte : c'est une obligation légale.</p>
<h2>Réclamation</h2>
<p>Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir la CNIL : Commission nationale de l'informatique et des libertés, 3 Place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, <a href="https://www.cnil.fr">www.cnil.fr</a>.</p>
<h2>Cookies et stockage dans le navigateur</h2>
<p>La plateforme ne dépose <strong>aucun cookie</strong>, ni de mesure d'audience ni de publicité. Pour vous garder connecté, elle garde dans le stockage local de votre navigateur (localStorage) vos jetons de connexion, vos droits et l'agence choisie ; ils sont effacés à la déconnexion. Ce stockage est strictement nécessaire au service : aucun consentement n'est donc demandé, et il n'y a pas de bandeau cookies.</p>`;

const DECLARATION_ACCESSIBILITE = `<p>La coopérative [raison sociale] s'engage à rendre sa plateforme (intranet et extranet) accessible, conformément à l'article 47 de la loi n° 2005-102 du 11 février 2005.</p>
<h2>État de conformité</h2>
<p>La plateforme est <strong>partiellement conforme</strong> au référentiel général d'amélioration de l'accessibilité (RGAA) version 4.1 : aucun audit complet du RGAA n'a encore été mené par un tiers.</p>
<h2>Ce qui est vérifié</h2>
<p>Chaque écran est parcouru par des tests automatiques dans un navigateur, qui le contrôlent avec axe-core (règles WCAG 2.1, niveaux A et AA) : un écran qui présente une erreur grave ou critique (contraste, nom des champs et des boutons, rôles ARIA, zones de la page) ne peut pas être mis en ligne. Les écrans se parcourent au clavier et annoncent leurs états (chargement, erreurs) aux lecteurs d'écran.</p>
<p>Ces contrôles automatiques ne couvrent pas tout le RGAA : la pertinence des textes alternatifs, l'ordre de lecture ou la compréhension des contenus demandent un contrôle humain.</p>
<h2>Contenus non accessibles</h2>
<ul>
<li>Les documents PDF déposés par les agences et le réseau (factures, devis, documents) peuvent ne pas être accessibles.</li>
<li>Les pages de paiement (PayPlug) et de signature (Yousign) sont celles de ces prestataires.</li>
</ul>
<h2>Établissement de cette déclaration</h2>
<p>Cette déclaration a été établie le [date], à partir des contrôles automatiques décrits ci-dessus, avec les navigateurs Chromium et Firefox et les lecteurs d'écran NVDA et VoiceOver.</p>
<h2>Retour d'information et contact</h2>
<p>Si vous n'arrivez pas à accéder à un contenu ou à un service, écrivez à [adresse email de contact de la coopérative] ou à votre agence : nous vous répondrons et vous donnerons l'information sous une autre forme.</p>
<h2>Voies de recours</h2>
<p>Si vous nous avez signalé un défaut d'accessibilité et que notre réponse ne vous convient pas, vous pouvez saisir le Défenseur des droits : par le formulaire en ligne sur <a href="https://formulaire.defenseurdesdroits.fr">formulaire.defenseurdesdroits.fr</a>, en contactant un délégué ou une déléguée de votre région (<a href="https://www.defenseurdesdroits.fr/saisir/delegues">www.defenseurdesdroits.fr</a>), par téléphone au 09 69 39 00 00, ou par courrier gratuit, sans timbre : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.</p>`;

const CONTENTS: Record<LegalPageSlug, string> = {
  'mentions-legales': MENTIONS_LEGALES,
  'politique-de-confidentialite': POLITIQUE_DE_CONFIDENTIALITE,
  'declaration-accessibilite': DECLARATION_ACCESSIBILITE,
};

/** A page's default title and text. */
export const defaultLegalPage = (slug: LegalPageSlug) => ({ title: LEGAL_PAGE_TITLES[slug], content: CONTENTS[slug] });
