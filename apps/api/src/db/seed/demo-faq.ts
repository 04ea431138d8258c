import type { FaqTheme } from '@reseau/contracts';

/**
 * The extranet FAQ: what an installer's customers ask. Answers are HTML, sanitized when seeded
 * (lib/rich-text.ts). Ordered as shown, theme by theme.
 */
export const DEMO_FAQ: { theme: FaqTheme; question: string; answer: string }[] = [
  // Entretien
  {
    theme: 'maintenance',
    question: "L'entretien annuel de ma chaudière est-il obligatoire ?",
    answer:
      "<p>Oui. Depuis l'arrêté du 15 septembre 2009, toute chaudière gaz, fioul, bois ou granulés d'une puissance de 4 à 400 kW doit être entretenue <strong>chaque année</strong> par un professionnel qualifié. Les pompes à chaleur de 4 à 70 kW doivent l'être au moins tous les deux ans.</p><p>À l'issue de la visite, le technicien vous remet une <strong>attestation d'entretien</strong>, disponible aussi dans l'onglet « Documents » de votre contrat. Conservez-la au moins deux ans : votre assureur peut vous la demander après un sinistre.</p>",
  },
  {
    theme: 'maintenance',
    question: 'Que comprend la visite d’entretien prévue à mon contrat ?',
    answer:
      '<p>Le technicien :</p><ul><li>nettoie le brûleur, le corps de chauffe et l’échangeur ;</li><li>vérifie les organes de sécurité et l’évacuation des fumées ;</li><li>mesure le monoxyde de carbone et le rendement de l’appareil ;</li><li>vous donne des conseils pour bien régler votre installation et réduire votre consommation.</li></ul><p>Les pièces remplacées ne sont pas toujours incluses : reportez-vous aux conditions de votre contrat.</p>',
  },
  {
    theme: 'maintenance',
    question: 'Le ramonage est-il obligatoire et est-il compris dans mon contrat ?',
    answer:
      "<p>Le ramonage des conduits de fumée est obligatoire <strong>au moins une fois par an</strong> (deux fois pour le bois et le fioul dans de nombreux départements), selon le règlement sanitaire départemental. Il est distinct de l'entretien de la chaudière.</p><p>Selon votre formule, il peut être inclus dans votre contrat ou facturé à part. Après le passage du technicien, un <strong>certificat de ramonage</strong> vous est remis : gardez-le précieusement pour votre assurance habitation.</p>",
  },
  {
    theme: 'maintenance',
    question: 'Comment prendre rendez-vous pour ma visite d’entretien ?',
    answer:
      "<p>Votre agence vous contacte généralement à l'approche de la date anniversaire de votre contrat. Vous pouvez aussi demander un rendez-vous depuis la page d'accueil de votre espace client : bouton « Rendez-vous d'intervention » sur le contrat concerné, en indiquant vos disponibilités (matin, midi, après-midi ou toute la journée).</p>",
  },
  {
    theme: 'maintenance',
    question: 'Dois-je être présent pendant la visite ?',
    answer:
      '<p>Oui, une personne majeure doit être présente pour ouvrir l’accès à l’appareil et signer le bon d’intervention. Prévoyez un accès dégagé à la chaudière ou à l’unité extérieure de la pompe à chaleur. La visite dure en général entre 45 minutes et 1 h 30.</p>',
  },

  // Dépannage
  {
    theme: 'repair',
    question: 'Quel est le délai d’intervention en cas de panne ?',
    answer:
      "<p>En période de chauffe (d'octobre à avril), nos agences interviennent en priorité pour les clients sous contrat, en général <strong>sous 24 à 48 heures ouvrées</strong> pour une panne totale de chauffage ou d'eau chaude. Le délai exact dépend de votre contrat et de votre agence : il figure dans vos conditions particulières.</p><p>Pour signaler une panne, utilisez le bouton « Panne » sur votre contrat, ou appelez directement votre agence pour une urgence.</p>",
  },
  {
    theme: 'repair',
    question: 'Que faire si je sens une odeur de gaz ?',
    answer:
      '<p><strong>N\'attendez pas et ne nous écrivez pas : agissez tout de suite.</strong></p><ol><li>Ne touchez à aucun interrupteur, n\'allumez pas de flamme, ne téléphonez pas depuis le logement.</li><li>Ouvrez les fenêtres et fermez le robinet de gaz au compteur.</li><li>Sortez du logement.</li><li>Une fois dehors, appelez <strong>Urgence Sécurité Gaz au <a href="tel:0800473333">0 800 47 33 33</a></strong> (appel gratuit, 24 h/24) ou les pompiers au <a href="tel:18">18</a>.</li></ol><p>Prévenez ensuite votre agence pour la remise en service de votre installation.</p>',
  },
  {
    theme: 'repair',
    question: 'Ma chaudière est en sécurité ou affiche un code erreur : que faire ?',
    answer:
      "<p>Notez le code affiché, puis vérifiez la pression du circuit de chauffage sur le manomètre : elle doit se situer entre 1 et 2 bar à froid. Si elle est trop basse, vous pouvez la rétablir en suivant la notice de votre appareil. Vous pouvez tenter <strong>un seul</strong> réarmement.</p><p>Si le défaut revient, n'insistez pas : signalez la panne depuis votre espace client en précisant le code erreur, cela aide le technicien à prévoir les bonnes pièces.</p>",
  },
  {
    theme: 'repair',
    question: 'Comment suivre l’avancement de ma demande d’intervention ?',
    answer:
      "<p>Le bloc « Suivi des interventions » de votre page d'accueil montre chaque demande en cinq étapes : l'équipement concerné, la date du rendez-vous, le bon d'intervention (téléchargeable), le paiement en ligne de la facture s'il y en a une, puis la clôture de la demande.</p>",
  },
  {
    theme: 'repair',
    question: 'Le dépannage est-il facturé si j’ai un contrat d’entretien ?',
    answer:
      "<p>Cela dépend de votre formule. Le déplacement et la main-d'œuvre sont souvent inclus dans les formules « confort » ; les pièces détachées restent en général à votre charge. En cas de doute, consultez vos conditions particulières ou contactez votre agence avant l'intervention : un devis vous est proposé pour toute réparation importante.</p>",
  },

  // Contrat
  {
    theme: 'contract',
    question: 'Comment renouveler mon contrat d’entretien ?',
    answer:
      "<p>La plupart des contrats se renouvellent par tacite reconduction à leur date anniversaire, indiquée dans l'onglet « Contrat ». Vous pouvez aussi renouveler en ligne grâce au lien « Renouveler mon contrat » affiché sur chaque contrat de votre page d'accueil, qui ouvre la page de votre agence.</p>",
  },
  {
    theme: 'contract',
    question: 'Comment résilier mon contrat ?',
    answer:
      "<p>Vous pouvez résilier votre contrat à sa date d'échéance en prévenant votre agence par écrit (courrier ou email), en respectant le préavis prévu à vos conditions générales, généralement d'un mois. Votre agence doit vous rappeler cette date d'échéance au plus tôt trois mois et au plus tard un mois avant (article L215-1 du code de la consommation).</p><p>En cas de déménagement ou de remplacement de l'équipement, utilisez le bouton « Contacter mon agence » avec l'objet « Déménagement ou autre demande ».</p>",
  },
  {
    theme: 'contract',
    question: 'Je déménage : que devient mon contrat ?',
    answer:
      "<p>Prévenez votre agence dès que possible en précisant votre date de départ. Selon la situation, le contrat peut être résilié, transféré au nouvel occupant ou à votre nouveau logement s'il se trouve dans la zone d'intervention de l'agence.</p>",
  },
  {
    theme: 'contract',
    question: 'Où trouver mon attestation d’entretien ou mon certificat de ramonage ?',
    answer:
      "<p>Ouvrez votre contrat puis l'onglet « Documents » : vos attestations, certificats et autres documents y sont classés du plus récent au plus ancien et se téléchargent en PDF. Si un document manque, contactez votre agence.</p>",
  },
  {
    theme: 'contract',
    question: 'Comment accepter ou refuser un devis ?',
    answer:
      "<p>Les devis en attente apparaissent dans votre liste « À faire » et dans l'onglet « Devis » du contrat. Téléchargez-le pour le lire, puis cliquez sur « Accepter » : vous êtes guidé vers la <strong>signature électronique</strong>, qui a la même valeur qu'une signature manuscrite. Vous pouvez aussi le refuser ; votre agence en est informée.</p>",
  },

  // Facture
  {
    theme: 'bill',
    question: 'Quels sont les moyens de paiement acceptés ?',
    answer:
      "<p>Vous pouvez régler vos factures :</p><ul><li>par <strong>carte bancaire</strong> directement depuis votre espace client, sur une page de paiement sécurisée ;</li><li>par chèque à l'ordre de votre agence ;</li><li>par virement, avec le numéro de facture en référence ;</li><li>par prélèvement, si votre contrat le prévoit.</li></ul>",
  },
  {
    theme: 'bill',
    question: 'Le paiement par carte bancaire en ligne est-il sécurisé ?',
    answer:
      '<p>Oui. Le paiement se fait sur la page sécurisée de notre prestataire de paiement, avec authentification forte (3-D Secure) auprès de votre banque. Vos données de carte ne transitent jamais par votre espace client ni par votre agence.</p>',
  },
  {
    theme: 'bill',
    question: 'J’ai payé ma facture, pourquoi est-elle « en attente de validation » ?',
    answer:
      "<p>Après un paiement en ligne, la facture est marquée payée tout de suite, puis votre agence enregistre le règlement dans sa comptabilité, en général sous quelques jours ouvrés. Vous n'avez rien à faire : la mention disparaît d'elle-même.</p>",
  },
  {
    theme: 'bill',
    question: 'Pourquoi une facture indique-t-elle « statut inconnu » ?',
    answer:
      "<p>Certaines pièces, comme un avoir ou une facture réglée en partie, ne peuvent pas être classées automatiquement. Contactez votre agence : elle vous indiquera ce qu'il reste éventuellement à régler ou comment l'avoir vous sera remboursé.</p>",
  },
  {
    theme: 'bill',
    question: 'Comment obtenir une copie de ma facture ?',
    answer:
      "<p>Toutes vos factures sont téléchargeables en PDF dans l'onglet « Factures » de votre contrat, qu'elles soient à payer ou déjà payées.</p>",
  },

  // Espace client
  {
    theme: 'user_space',
    question: 'J’ai oublié mon mot de passe, comment faire ?',
    answer:
      "<p>Sur la page de connexion, cliquez sur « Mot de passe oublié » et saisissez l'adresse email de votre compte. Vous recevez un lien, valable une heure, pour choisir un nouveau mot de passe. Pensez à vérifier vos courriers indésirables.</p>",
  },
  {
    theme: 'user_space',
    question: 'Comment changer l’adresse email de mon compte ?',
    answer:
      '<p>Dans « Mes informations personnelles », saisissez la nouvelle adresse. Un lien de confirmation vous est envoyé à cette nouvelle adresse : le changement n’est effectif qu’après avoir cliqué dessus. D’ici là, continuez à vous connecter avec l’ancienne.</p>',
  },
  {
    theme: 'user_space',
    question: 'Comment modifier l’email ou les téléphones de contact d’un contrat ?',
    answer:
      "<p>Ouvrez le contrat puis l'onglet « Mes coordonnées ». Si vous choisissez l'adresse de votre compte, le changement est immédiat ; pour toute autre adresse, un lien de confirmation y est envoyé. Votre agence est informée de chaque modification.</p>",
  },
  {
    theme: 'user_space',
    question: 'Je suis client de plusieurs agences, comment passer de l’une à l’autre ?',
    answer:
      "<p>À la connexion, choisissez l'agence souhaitée dans la liste de vos agences. Vous pouvez en changer à tout moment depuis le menu : chaque agence affiche ses propres contrats, devis, factures et interventions.</p>",
  },
  {
    theme: 'user_space',
    question: 'Comment activer mon espace client pour la première fois ?',
    answer:
      "<p>Sur la page de connexion, choisissez « Première connexion », saisissez l'adresse email communiquée à votre agence et choisissez un mot de passe (au moins 8 caractères, dont une minuscule, une majuscule et un chiffre). Cliquez ensuite sur le lien reçu par email pour activer votre compte.</p>",
  },
];
