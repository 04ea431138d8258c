import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { formatFrenchDay } from '../../lib/french.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { DbOrTx } from '../client.js';
import {
  agencies,
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
  clients,
  faqEntries,
  files,
} from '../schema/index.js';
import {
  type CertificateDocument,
  type CommercialDocument,
  certificatePdf,
  commercialPdf,
  type PdfAgency,
  type PdfCustomer,
  type PdfLine,
} from './demo-extranet-pdfs.js';
import { DEMO_FAQ } from './demo-faq.js';
import { agencyName, DEMO_ADHERENTS, sirenWithKey } from './demo-network.js';
import { DEMO_CLIENTS } from './demo-people.js';

/**
 * The extranet of the demo customers (ARCHITECTURE.md "Roles and demo data"):
 *
 * client@demo.fr (Sophie Lefèvre), customer of Thermi'Nord Lille and Flandres Énergies Dunkerque,
 * has three contracts at two addresses (gas boiler and heat pump at home in Lille, a gas boiler
 * in her second home in Malo-les-Bains); quotes to sign (Lille and Dunkerque), to refuse, without
 * file, of unknown status and already signed; an invoice to pay, paid invoices, a credit note of
 * unknown status; service calls at each of the tracker's five steps; maintenance certificates.
 * client2@demo.fr (Antoine Mercier), of Thermi'Nord Valenciennes: a contract, a quote to sign and
 * an invoice to pay. Plus the FAQ.
 *
 * The PDFs are drawn and stored first (`prepareDemoExtranet`, outside any transaction), the rows
 * are written inside the seed's transaction (`seedDemoExtranet`). Dates follow the clock.
 */

const DAY = 86_400_000;
const CUSTOMER_DOCUMENT_FILE_TYPE = 14;

// People and places ----------------------------------------------------------------------------

type AgencyKey = 'lille' | 'dunkerque' | 'valenciennes';
const TECHNICIANS: Record<AgencyKey, string> = {
  lille: 'Kévin Delattre',
  dunkerque: 'Grégory Vandamme',
  valenciennes: 'Maxime Lecomte',
};

function pdfAgency(key: AgencyKey): PdfAgency & { fullName: string } {
  for (const adherent of DEMO_ADHERENTS) {
    const agency = adherent.agencies.find((a) => a.key === key);
    if (!agency) continue;
    return {
      fullName: agencyName(adherent, agency),
      name: agencyName(adherent, agency),
      businessName: adherent.businessName,
      address: agency.address1,
      postalCode: agency.postalCode,
      city: agency.city,
      phone: agency.phones[0]?.phone ?? '',
      email: `${agency.key}@${adherent.domain}`,
      siren: sirenWithKey(adherent.sirenBase),
    };
  }
  throw new Error(`demo extranet: unknown agency ${key}`);
}

const clientName = (email: string) => {
  const c = DEMO_CLIENTS.find((x) => x.email === email);
  if (!c) throw new Error(`demo extranet: unknown client ${email}`);
  return `${c.firstName} ${c.lastName}`;
};

// Contracts ------------------------------------------------------------------------------------

interface DemoContract {
  key: string;
  client: string;
  agency: AgencyKey;
  reference: string;
  route: string;
  postalCode: string;
  locality: string;
  equipmentType: string;
  equipmentModel: string;
  /** Days from today. */
  renewalIn: number;
  lastMaintenanceDaysAgo: number;
  emailAddress: string;
  mobilePhoneNumber: string | null;
  landlinePhoneNumber: string | null;
}

const CONTRACTS: DemoContract[] = [
  {
    key: 'lille-boiler',
    client: 'client@demo.fr',
    agency: 'lille',
    reference: 'TNL-2019-0412',
    route: '14 rue Jean sans Peur',
    postalCode: '59000',
    locality: 'Lille',
    equipmentType: 'Chaudière gaz à condensation',
    equipmentModel: 'De Dietrich Naneo EMC-M 24/28 MI',
    renewalIn: 75,
    lastMaintenanceDaysAgo: 160,
    // Not her sign-in address: changing it to client@demo.fr applies at once, any other is verified.
    emailAddress: 'sophie.lefevre@demo.fr',
    mobilePhoneNumber: '06 31 47 82 15',
    landlinePhoneNumber: '03 20 57 64 09',
  },
  {
    key: 'lille-heat-pump',
    client: 'client@demo.fr',
    agency: 'lille',
    reference: 'TNL-2022-1187',
    route: '14 rue Jean sans Peur',
    postalCode: '59000',
    locality: 'Lille',
    equipmentType: 'Pompe à chaleur air/eau',
    equipmentModel: 'Atlantic Alféa Excellia A.I. 11 kW',
    renewalIn: 210,
    lastMaintenanceDaysAgo: 120,
    emailAddress: 'client@demo.fr',
    mobilePhoneNumber: '06 31 47 82 15',
    landlinePhoneNumber: null,
  },
  {
    key: 'malo-boiler',
    client: 'client@demo.fr',
    agency: 'dunkerque',
    reference: 'FE-2021-0087',
    route: '38 digue de Mer',
    postalCode: '59240',
    locality: 'Dunkerque',
    equipmentType: 'Chaudière gaz murale',
    equipmentModel: 'Chaffoteaux Mira C Green 25',
    renewalIn: 30,
    lastMaintenanceDaysAgo: 200,
    emailAddress: 'client@demo.fr',
    mobilePhoneNumber: '06 31 47 82 15',
    landlinePhoneNumber: null,
  },
  {
    key: 'valenciennes-pellet',
    client: 'client2@demo.fr',
    agency: 'valenciennes',
    reference: 'TNV-2020-0233',
    route: '9 rue de Famars',
    postalCode: '59300',
    locality: 'Valenciennes',
    equipmentType: 'Chaudière à granulés',
    equipmentModel: 'ÖkoFEN Pellematic Condens 16 kW',
    renewalIn: 120,
    lastMaintenanceDaysAgo: 90,
    emailAddress: 'client2@demo.fr',
    mobilePhoneNumber: '06 84 12 57 30',
    landlinePhoneNumber: '03 27 41 88 52',
  },
];

const contractByKey = new Map(CONTRACTS.map((c) => [c.key, c]));
const contractOf = (key: string) => {
  const c = contractByKey.get(key);
  if (!c) throw new Error(`demo extranet: unknown contract ${key}`);
  return c;
};
const customerOfContract = (c: DemoContract, copy?: DemoExtranetCopy): PdfCustomer => ({
  name: copy?.name ?? clientName(c.client),
  route: c.route,
  postalCode: c.postalCode,
  locality: c.locality,
});
const equipmentOf = (c: DemoContract) => `${c.equipmentType} ${c.equipmentModel}`;

// Quotes and invoices --------------------------------------------------------------------------

const labour = (hours: number, rate = 6500): PdfLine => ({
  label: "Main-d'œuvre technicien (heure)",
  quantity: hours,
  unitPrice: rate,
});
const travel = (price = 3500): PdfLine => ({ label: 'Forfait déplacement', quantity: 1, unitPrice: price });

interface DemoQuotation {
  key: string;
  contract: string;
  number: string;
  daysAgo: number;
  subject: string;
  lines: PdfLine[];
  isAccepted: boolean | null;
  isAcceptedLocally?: boolean;
  withFile: boolean;
  /** Signed: the envelope PDF carries the e-signature stamp. */
  signedDaysAgo?: number;
}

const QUOTATIONS: DemoQuotation[] = [
  {
    key: 'to-sign',
    contract: 'lille-boiler',
    number: 'DE-0142',
    daysAgo: 6,
    subject: "Remplacement du vase d'expansion et du circulateur",
    lines: [
      { label: "Vase d'expansion chauffage 12 L", quantity: 1, unitPrice: 8900 },
      { label: 'Circulateur basse consommation Grundfos Alpha2 25-60', quantity: 1, unitPrice: 24_500 },
      { label: 'Vidange, remplissage et purge du circuit de chauffage', quantity: 1, unitPrice: 5500 },
      labour(3),
    ],
    isAccepted: false,
    withFile: true,
  },
  {
    key: 'to-refuse',
    contract: 'lille-heat-pump',
    number: 'DE-0157',
    daysAgo: 4,
    subject: "Installation d'un thermostat d'ambiance connecté",
    lines: [
      { label: "Thermostat d'ambiance connecté Netatmo avec passerelle", quantity: 1, unitPrice: 17_900 },
      { label: 'Pose, raccordement et paramétrage de la régulation', quantity: 1.5, unitPrice: 6500 },
      travel(),
    ],
    isAccepted: false,
    withFile: true,
  },
  {
    key: 'without-file',
    contract: 'lille-boiler',
    number: 'DE-0161',
    daysAgo: 2,
    subject: 'Désembouage du circuit de chauffage',
    lines: [
      { label: 'Désembouage du circuit de chauffage (8 radiateurs)', quantity: 1, unitPrice: 46_000 },
      { label: 'Filtre magnétique anti-boues', quantity: 1, unitPrice: 7000 },
    ],
    isAccepted: false,
    withFile: false,
  },
  {
    key: 'unknown',
    contract: 'lille-heat-pump',
    number: 'DE-0904',
    daysAgo: 110,
    subject: 'Remplacement de la sonde extérieure',
    lines: [{ label: 'Sonde de température extérieure', quantity: 1, unitPrice: 4200 }, labour(1), travel()],
    isAccepted: null,
    withFile: true,
  },
  {
    key: 'signed',
    contract: 'lille-boiler',
    number: 'DE-0981',
    daysAgo: 70,
    subject: "Remplacement de l'échangeur sanitaire",
    lines: [
      { label: 'Échangeur sanitaire à plaques', quantity: 1, unitPrice: 16_800 },
      { label: 'Joints et petites fournitures', quantity: 1, unitPrice: 1800 },
      labour(2),
    ],
    isAccepted: true,
    isAcceptedLocally: true,
    withFile: true,
    signedDaysAgo: 68,
  },
  {
    key: 'malo-to-sign',
    contract: 'malo-boiler',
    number: 'DE-0058',
    daysAgo: 10,
    subject: 'Pose de robinets thermostatiques',
    lines: [
      { label: 'Robinet thermostatique Danfoss RA-N avec tête', quantity: 4, unitPrice: 3800 },
      { label: 'Vidange partielle et remise en eau', quantity: 1, unitPrice: 4500 },
      labour(2, 6200),
    ],
    isAccepted: false,
    withFile: true,
  },
  {
    key: 'valenciennes-to-sign',
    contract: 'valenciennes-pellet',
    number: 'DE-0211',
    daysAgo: 5,
    subject: "Remplacement de la vis sans fin d'alimentation",
    lines: [{ label: "Vis sans fin d'alimentation en granulés", quantity: 1, unitPrice: 28_500 }, labour(2.5), travel()],
    isAccepted: false,
    withFile: true,
  },
];

interface DemoInvoice {
  key: string;
  contract: string;
  number: string;
  daysAgo: number;
  subject: string;
  lines: PdfLine[];
  kind: 'invoice' | 'credit_note';
  /** Settled: nothing left to pay. */
  paid?: { mean: string; label: string; daysAgo: number };
}

const INVOICES: DemoInvoice[] = [
  {
    // 189,00 € TTC left to pay.
    key: 'to-pay',
    contract: 'lille-boiler',
    number: 'FA-0318',
    daysAgo: 24,
    subject: "Dépannage : remplacement de l'électrode d'allumage",
    lines: [travel(4900), labour(1), { label: "Électrode d'allumage et d'ionisation", quantity: 1, unitPrice: 5782 }],
    kind: 'invoice',
  },
  {
    key: 'paid',
    contract: 'lille-heat-pump',
    number: 'FA-1187',
    daysAgo: 85,
    subject: 'Entretien annuel de la pompe à chaleur',
    lines: [{ label: 'Visite annuelle d’entretien pompe à chaleur air/eau (contrat)', quantity: 1, unitPrice: 21_818 }],
    kind: 'invoice',
    paid: { mean: 'CB', label: 'carte bancaire', daysAgo: 80 },
  },
  {
    // A credit note: below zero, neither to pay nor paid, so "unknown status, contact the agency".
    key: 'credit-note',
    contract: 'lille-boiler',
    number: 'AV-0093',
    daysAgo: 40,
    subject: "Geste commercial : délai d'intervention dépassé",
    lines: [{ label: "Remise exceptionnelle sur l'entretien annuel", quantity: 1, unitPrice: -4091 }],
    kind: 'credit_note',
  },
  {
    key: 'malo-paid',
    contract: 'malo-boiler',
    number: 'FA-0456',
    daysAgo: 200,
    subject: 'Entretien annuel de la chaudière et ramonage',
    lines: [
      { label: 'Entretien annuel chaudière gaz murale (contrat)', quantity: 1, unitPrice: 12_000 },
      { label: 'Ramonage du conduit de fumée', quantity: 1, unitPrice: 6500 },
    ],
    kind: 'invoice',
    paid: { mean: 'Prélèvement', label: 'prélèvement SEPA', daysAgo: 190 },
  },
  {
    key: 'valenciennes-to-pay',
    contract: 'valenciennes-pellet',
    number: 'FA-0077',
    daysAgo: 12,
    subject: 'Entretien annuel de la chaudière à granulés',
    lines: [
      { label: 'Entretien annuel chaudière à granulés (contrat)', quantity: 1, unitPrice: 19_000 },
      { label: 'Ramonage du conduit', quantity: 1, unitPrice: 6000 },
    ],
    kind: 'invoice',
  },
];

const VAT_RATE = 10;

// Service calls --------------------------------------------------------------------------------

interface DemoServiceCall {
  contract: string;
  requestDaysAgo: number;
  /** Days from today: negative is past. */
  appointmentIn?: number;
  appointmentTime?: string;
  quotation?: string;
  invoice?: string;
  isFinished?: boolean;
  /** The intervention report (voucher). */
  voucher?: { number: string; reason: string; done: [string, string][]; conclusion: string };
}

/** One call at each step of the tracker: requested, appointment, report, invoice, finished. */
const SERVICE_CALLS: DemoServiceCall[] = [
  { contract: 'lille-heat-pump', requestDaysAgo: 1 },
  { contract: 'lille-boiler', requestDaysAgo: 3, appointmentIn: 4, appointmentTime: '14:00' },
  {
    contract: 'malo-boiler',
    requestDaysAgo: 12,
    appointmentIn: -8,
    appointmentTime: '09:30',
    voucher: {
      number: 'BI-0412',
      reason: 'Pression du circuit de chauffage trop basse, la chaudière se met en sécurité.',
      done: [
        ['Recherche de fuite sur le circuit et les radiateurs', 'Aucune fuite'],
        ['Contrôle de la soupape de sécurité', 'Conforme'],
        ['Remise en pression du circuit', '1,5 bar'],
        ['Purge des radiateurs', 'Effectuée'],
      ],
      conclusion:
        "Installation remise en service. Surveiller la pression dans les jours qui viennent et rappeler l'agence si elle redescend sous 1 bar.",
    },
  },
  {
    contract: 'lille-boiler',
    requestDaysAgo: 30,
    appointmentIn: -25,
    appointmentTime: '10:00',
    quotation: 'to-sign',
    invoice: 'to-pay',
    voucher: {
      number: 'BI-0377',
      reason: "Chaudière en défaut d'allumage (code E133), plus de chauffage ni d'eau chaude.",
      done: [
        ["Diagnostic de la chaîne d'allumage", 'Électrode usée'],
        ["Remplacement de l'électrode d'allumage et d'ionisation", 'Effectué'],
        ['Contrôle de combustion après intervention', 'Conforme'],
        ["Contrôle du vase d'expansion", 'Hors service'],
      ],
      conclusion:
        "Chauffage et eau chaude rétablis. Le vase d'expansion ne tient plus la pression : un devis de remplacement vous est adressé.",
    },
  },
  {
    contract: 'lille-heat-pump',
    requestDaysAgo: 92,
    appointmentIn: -86,
    appointmentTime: '08:30',
    invoice: 'paid',
    isFinished: true,
    voucher: {
      number: 'BI-1904',
      reason: 'Visite annuelle d’entretien de la pompe à chaleur.',
      done: [
        ["Contrôle d'étanchéité du circuit frigorifique", 'Conforme'],
        ["Nettoyage de l'échangeur de l'unité extérieure", 'Effectué'],
        ['Contrôle des pressions et températures de fonctionnement', 'Conforme'],
        ['Contrôle de la pression du circuit hydraulique', '1,6 bar'],
      ],
      conclusion: 'Pompe à chaleur en bon état de fonctionnement.',
    },
  },
  {
    contract: 'malo-boiler',
    requestDaysAgo: 215,
    appointmentIn: -200,
    appointmentTime: '11:00',
    invoice: 'malo-paid',
    isFinished: true,
    voucher: {
      number: 'BI-0388',
      reason: 'Entretien annuel et ramonage.',
      done: [
        ['Nettoyage du brûleur et du corps de chauffe', 'Effectué'],
        ['Ramonage du conduit de fumée', 'Effectué'],
        ['Analyse de combustion', 'Conforme'],
      ],
      conclusion: 'Entretien et ramonage réalisés ; attestation et certificat disponibles dans votre espace client.',
    },
  },
];

// Contract documents ---------------------------------------------------------------------------

interface DemoDocument {
  contract: string;
  description: string;
  daysAgo: number;
  certificate?: Omit<CertificateDocument, 'date' | 'agency' | 'customer' | 'contractReference' | 'equipment' | 'technician'>;
}

const GAS_BOILER_CHECKS: [string, string][] = [
  ['Nettoyage du brûleur, du corps de chauffe et de l’échangeur', 'Effectué'],
  ['Vérification des dispositifs de sécurité', 'Conforme'],
  ['Contrôle de l’évacuation des produits de combustion', 'Conforme'],
  ['Mesure du monoxyde de carbone (CO) ambiant', '0 ppm'],
  ['Mesure des émissions de CO dans les fumées', '22 ppm'],
  ['Rendement de la chaudière', '97,6 %'],
  ['Contrôle de l’étanchéité des raccordements gaz', 'Conforme'],
];
const BOILER_CONCLUSION =
  "Attestation établie conformément à l'arrêté du 15 septembre 2009 relatif à l'entretien annuel des chaudières dont la puissance nominale est comprise entre 4 et 400 kW. Elle est à conserver au moins deux ans et à présenter à votre assureur sur demande.";
const maintenanceCertificate = (checks: [string, string][], conclusion = BOILER_CONCLUSION) => ({
  heading: 'ATTESTATION',
  title: "Attestation d'entretien annuel",
  intro:
    "Nous certifions avoir réalisé l'entretien annuel de l'équipement ci-dessus. Les opérations suivantes ont été effectuées :",
  checks,
  conclusion,
});

const DOCUMENTS: DemoDocument[] = [
  {
    contract: 'lille-boiler',
    description: "Attestation d'entretien annuel",
    daysAgo: 160,
    certificate: maintenanceCertificate(GAS_BOILER_CHECKS),
  },
  {
    contract: 'lille-boiler',
    description: "Attestation d'entretien annuel (année précédente)",
    daysAgo: 525,
    certificate: maintenanceCertificate(GAS_BOILER_CHECKS),
  },
  { contract: 'lille-boiler', description: "Conditions particulières du contrat d'entretien (remises en agence)", daysAgo: 2400 },
  {
    contract: 'lille-heat-pump',
    description: "Attestation d'entretien de la pompe à chaleur",
    daysAgo: 120,
    certificate: maintenanceCertificate(
      [
        ['Contrôle d’étanchéité du circuit frigorifique', 'Conforme'],
        ['Nettoyage des échangeurs et des filtres', 'Effectué'],
        ['Contrôle des pressions haute et basse', 'Conforme'],
        ['Vérification des raccordements électriques', 'Conforme'],
        ['Contrôle du circuit hydraulique et de sa pression', '1,6 bar'],
      ],
      "Entretien réalisé conformément au décret n° 2020-912 du 28 juillet 2020 relatif à l'inspection et à l'entretien des systèmes de chauffage (pompes à chaleur de 4 à 70 kW).",
    ),
  },
  {
    contract: 'lille-heat-pump',
    description: "Attestation de contrôle d'étanchéité (fluide frigorigène R32)",
    daysAgo: 120,
    certificate: {
      heading: 'ATTESTATION',
      title: "Contrôle d'étanchéité du circuit frigorifique",
      intro:
        'Contrôle réalisé par un opérateur titulaire de l’attestation de capacité pour la manipulation des fluides frigorigènes.',
      checks: [
        ['Fluide frigorigène', 'R32'],
        ['Charge de l’installation', '1,80 kg'],
        ['Équivalent CO2', '1,22 t'],
        ['Détection de fuite (détecteur électronique)', 'Aucune fuite'],
      ],
      conclusion: 'Installation étanche. Document à conserver 5 ans (articles R543-75 et suivants du code de l’environnement).',
    },
  },
  {
    contract: 'malo-boiler',
    description: 'Certificat de ramonage',
    daysAgo: 200,
    certificate: {
      heading: 'CERTIFICAT',
      title: 'Certificat de ramonage',
      intro: 'Nous certifions avoir procédé au ramonage du conduit de fumée raccordé à l’équipement ci-dessus.',
      checks: [
        ['Ramonage mécanique du conduit', 'Effectué'],
        ['Vérification de la vacuité du conduit sur toute sa longueur', 'Conforme'],
        ['Contrôle du raccordement et de la ventilation', 'Conforme'],
      ],
      conclusion:
        'Certificat établi conformément au règlement sanitaire départemental du Nord (ramonage obligatoire au moins une fois par an). À présenter à votre assureur en cas de sinistre.',
    },
  },
  {
    contract: 'malo-boiler',
    description: "Attestation d'entretien annuel",
    daysAgo: 200,
    certificate: maintenanceCertificate(GAS_BOILER_CHECKS),
  },
  {
    contract: 'valenciennes-pellet',
    description: "Attestation d'entretien de la chaudière à granulés",
    daysAgo: 90,
    certificate: maintenanceCertificate([
      ['Décendrage et nettoyage du foyer', 'Effectué'],
      ['Nettoyage des échangeurs et du conduit de raccordement', 'Effectué'],
      ["Contrôle de la vis d'alimentation", 'Usure constatée'],
      ['Mesure du CO dans les fumées', '85 ppm'],
      ['Vérification des sécurités', 'Conforme'],
    ]),
  },
];

// Files ----------------------------------------------------------------------------------------

interface PreparedFile {
  storageKey: string;
  fileName: string;
  size: number;
}

/**
 * One demo customer's extranet copied for another customer (a journey's data of its own,
 * modules/dev/fixtures.ts): the template's contracts with their quotes, invoices, service calls
 * and documents, the PDFs drawn with the copy's name. No FAQ: there is one for everybody.
 */
export interface DemoExtranetCopy {
  /** The demo customer whose contracts are copied (an email of DEMO_CLIENTS). */
  template: string;
  /** The copy's owner, as printed on the PDFs. */
  name: string;
}

/** What `prepareDemoExtranet` made: stored PDFs by a key of ours, amounts by quote/invoice key. */
export interface DemoExtranetPlan {
  today: number;
  files: Map<string, PreparedFile>;
  amounts: Map<string, number>;
  copy?: DemoExtranetCopy;
}

/** Whether a contract's rows belong in the plan: all of them, or the copied customer's. */
const inPlan = (contractKey: string, copy: DemoExtranetCopy | undefined) =>
  !copy || contractOf(contractKey).client === copy.template;

/** Document numbers carry the year of their date: `DE-0142` dated in 2026 is `DE-2026-0142`. */
const numbered = (number: string, isoDate: string) => number.replace('-', `-${isoDate.slice(0, 4)}-`);

const isoDay = (today: number, offsetDays: number) => new Date(today + offsetDays * DAY).toISOString().slice(0, 10);

/**
 * Draws every PDF and writes it to the storage (outside the seed's transaction: no slow work
 * while it holds the database). The PDFs' content is fixed for a given day.
 */
export async function prepareDemoExtranet(storage: FileStorage, now: number, copy?: DemoExtranetCopy): Promise<DemoExtranetPlan> {
  const today = Math.floor(now / DAY) * DAY;
  const day = (offset: number) => isoDay(today, offset);
  const plan: DemoExtranetPlan = { today, files: new Map(), amounts: new Map(), copy };
  const customerOf = (c: DemoContract) => customerOfContract(c, copy);
  const put = async (key: string, fileName: string, bytes: Buffer) => {
    // A key of this run only: discarding an unused plan never touches another run's files.
    const storageKey = `demo/${randomUUID()}`;
    await storage.put(storageKey, bytes, 'application/pdf');
    plan.files.set(key, { storageKey, fileName, size: bytes.length });
  };

  for (const q of QUOTATIONS) {
    if (!inPlan(q.contract, copy)) continue;
    const contract = contractOf(q.contract);
    const number = numbered(q.number, day(-q.daysAgo));
    const doc: CommercialDocument = {
      kind: 'quote',
      number,
      date: day(-q.daysAgo),
      agency: pdfAgency(contract.agency),
      customer: customerOf(contract),
      contractReference: contract.reference,
      equipment: equipmentOf(contract),
      subject: q.subject,
      lines: q.lines,
      vatRate: VAT_RATE,
    };
    const { bytes, totals } = await commercialPdf(doc);
    plan.amounts.set(`quotation:${q.key}`, totals.includingTax);
    if (q.withFile) await put(`quotation:${q.key}`, `Devis ${number}.pdf`, bytes);
    if (q.signedDaysAgo !== undefined) {
      const signed = await commercialPdf({
        ...doc,
        signed: { by: customerOf(contract).name, at: `${formatFrenchDay(day(-q.signedDaysAgo))} à 18:42` },
      });
      await put(`envelope:${q.key}`, `Devis ${number} signé.pdf`, signed.bytes);
    }
  }

  for (const i of INVOICES) {
    if (!inPlan(i.contract, copy)) continue;
    const contract = contractOf(i.contract);
    const number = numbered(i.number, day(-i.daysAgo));
    const { bytes, totals } = await commercialPdf({
      kind: i.kind,
      number,
      date: day(-i.daysAgo),
      agency: pdfAgency(contract.agency),
      customer: customerOf(contract),
      contractReference: contract.reference,
      equipment: equipmentOf(contract),
      subject: i.subject,
      lines: i.lines,
      vatRate: VAT_RATE,
      paid: i.paid ? { mean: i.paid.label, date: day(-i.paid.daysAgo) } : undefined,
    });
    plan.amounts.set(`invoice:${i.key}`, totals.includingTax);
    await put(`invoice:${i.key}`, `${i.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${number}.pdf`, bytes);
  }

  for (const [index, s] of SERVICE_CALLS.entries()) {
    if (!s.voucher || s.appointmentIn === undefined || !inPlan(s.contract, copy)) continue;
    const contract = contractOf(s.contract);
    const number = numbered(s.voucher.number, day(s.appointmentIn));
    const bytes = await certificatePdf({
      heading: "BON D'INTERVENTION",
      title: `Bon d'intervention n° ${number}`,
      date: day(s.appointmentIn),
      agency: pdfAgency(contract.agency),
      customer: customerOf(contract),
      contractReference: contract.reference,
      equipment: equipmentOf(contract),
      intro: `Demande du ${formatFrenchDay(day(-s.requestDaysAgo))} : ${s.voucher.reason} Intervention du ${formatFrenchDay(day(s.appointmentIn))} à ${s.appointmentTime?.replace(':', 'h')}.`,
      checks: s.voucher.done,
      conclusion: s.voucher.conclusion,
      technician: TECHNICIANS[contract.agency],
    });
    await put(`voucher:${index}`, `Bon d'intervention ${number}.pdf`, bytes);
  }

  for (const [index, d] of DOCUMENTS.entries()) {
    if (!d.certificate || !inPlan(d.contract, copy)) continue;
    const contract = contractOf(d.contract);
    const date = day(-d.daysAgo);
    const bytes = await certificatePdf({
      ...d.certificate,
      date,
      agency: pdfAgency(contract.agency),
      customer: customerOf(contract),
      contractReference: contract.reference,
      equipment: equipmentOf(contract),
      technician: TECHNICIANS[contract.agency],
    });
    await put(`document:${index}`, `${d.description} ${date.slice(0, 4)}.pdf`, bytes);
  }
  return plan;
}

/** Removes the bytes of a plan the seed did not use (another process seeded first). */
export async function discardDemoExtranet(storage: FileStorage, plan: DemoExtranetPlan): Promise<void> {
  await Promise.all([...plan.files.values()].map((f) => storage.delete(f.storageKey).catch(() => {})));
}

/**
 * Writes the rows, inside the seed's transaction, once customers and agencies exist. A plan that
 * copies a customer (`plan.copy`) writes that customer's rows only, for `ownerId`.
 */
export async function seedDemoExtranet(tx: DbOrTx, plan: DemoExtranetPlan, ownerId?: number): Promise<void> {
  const day = (offset: number) => isoDay(plan.today, offset);
  const { copy } = plan;
  if (copy && ownerId === undefined) throw new Error('demo extranet: a copy needs its owner');
  // Indexes stay those of the full lists: the plan's file keys (voucher:2, document:5) use them.
  const planned = <T extends { contract: string }>(rows: T[]) =>
    [...rows.entries()].filter(([, row]) => inPlan(row.contract, copy));
  const contracts = CONTRACTS.filter((c) => inPlan(c.key, copy));
  const quotations = planned(QUOTATIONS).map(([, q]) => q);
  const invoices = planned(INVOICES).map(([, i]) => i);
  const serviceCalls = planned(SERVICE_CALLS);
  const documents = planned(DOCUMENTS);

  const clientRows = copy
    ? [{ id: ownerId!, emailAddress: copy.template }]
    : await tx
        .select({ id: clients.id, emailAddress: clients.emailAddress })
        .from(clients)
        .where(inArray(clients.emailAddress, [...new Set(CONTRACTS.map((c) => c.client))]));
  const clientIdByEmail = new Map(clientRows.map((r) => [r.emailAddress, r.id]));
  if (copy && contracts.length === 0) return; // a customer without contracts (the first-connection one)
  const agencyNames = [...new Set(CONTRACTS.map((c) => pdfAgency(c.agency).fullName))];
  const agencyRows = await tx
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(inArray(agencies.name, agencyNames));
  const agencyIdByName = new Map(agencyRows.map((r) => [r.name, r.id]));

  const fileId = await seedExtranetFiles(tx, plan);
  const contractId = await seedContracts(tx, contracts, day, { clientIdByEmail, agencyIdByName });
  const { quotationId, invoiceId } = await seedQuotesAndInvoices(tx, plan, { quotations, invoices, fileId, contractId });
  await seedServiceCallsAndDocuments(tx, day, { serviceCalls, documents, fileId, contractId, quotationId, invoiceId });

  // FAQ, sanitized on the way in like any rich text (once: a copy shares it)
  if (copy) return;
  await seedFaq(tx);
}

const need = <V>(map: Map<string, V>, key: string, what: string): V => {
  const v = map.get(key);
  if (v === undefined) throw new Error(`demo extranet: unknown ${what} "${key}"`);
  return v;
};
type IdOf = (key: string) => number;

/** The plan's PDF files; the id of a plan key, or null for a key the plan has no file for. */
async function seedExtranetFiles(tx: DbOrTx, plan: DemoExtranetPlan): Promise<(key: string) => number | null> {
  const fileEntries = [...plan.files.entries()];
  const fileRows = await (fileEntries.length === 0
    ? []
    : tx
        .insert(files)
        .values(
          fileEntries.map(([, f]) => ({
            typeId: CUSTOMER_DOCUMENT_FILE_TYPE,
            storageKey: f.storageKey,
            fileName: f.fileName,
            mimeType: 'application/pdf',
            size: f.size,
          })),
        )
        .returning({ id: files.id, storageKey: files.storageKey }));
  const fileIdByStorageKey = new Map(fileRows.map((r) => [r.storageKey, r.id]));
  const fileIdByKey = new Map(fileEntries.map(([key, f]) => [key, need(fileIdByStorageKey, f.storageKey, 'file')]));
  const fileId = (key: string) => fileIdByKey.get(key) ?? null;
  return fileId;
}

async function seedContracts(
  tx: DbOrTx,
  contracts: DemoContract[],
  day: (offset: number) => string,
  { clientIdByEmail, agencyIdByName }: { clientIdByEmail: Map<string, number>; agencyIdByName: Map<string, number> },
): Promise<IdOf> {
  const contractRows = await tx
    .insert(agencyContracts)
    .values(
      contracts.map((c) => ({
        agencyId: need(agencyIdByName, pdfAgency(c.agency).fullName, 'agency'),
        clientId: need(clientIdByEmail, c.client, 'client'),
        reference: c.reference,
        route: c.route,
        postalCode: c.postalCode,
        locality: c.locality,
        equipmentType: c.equipmentType,
        equipmentModel: c.equipmentModel,
        renewalDate: day(c.renewalIn),
        lastMaintenanceDate: day(-c.lastMaintenanceDaysAgo),
        emailAddress: c.emailAddress,
        mobilePhoneNumber: c.mobilePhoneNumber,
        landlinePhoneNumber: c.landlinePhoneNumber,
      })),
    )
    .returning({ id: agencyContracts.id, reference: agencyContracts.reference });
  const contractIdByRef = new Map(contractRows.map((r) => [r.reference, r.id]));
  const contractId = (key: string) => need(contractIdByRef, contractOf(key).reference, 'contract');
  return contractId;
}

async function seedQuotesAndInvoices(
  tx: DbOrTx,
  plan: DemoExtranetPlan,
  rows: { quotations: DemoQuotation[]; invoices: DemoInvoice[]; fileId: (key: string) => number | null; contractId: IdOf },
): Promise<{ quotationId: IdOf; invoiceId: IdOf }> {
  const { quotations, invoices, fileId, contractId } = rows;
  const day = (offset: number) => isoDay(plan.today, offset);
  // Quotes
  const quotationRows = await (quotations.length === 0
    ? []
    : tx
        .insert(agencyContractQuotations)
        .values(
          quotations.map((q) => ({
            agencyContractId: contractId(q.contract),
            number: numbered(q.number, day(-q.daysAgo)),
            amountIncludingTax: need(plan.amounts, `quotation:${q.key}`, 'quotation amount'),
            issueDate: day(-q.daysAgo),
            fileId: fileId(`quotation:${q.key}`),
            isAccepted: q.isAccepted,
            isAcceptedLocally: q.isAcceptedLocally ?? false,
            envelopeFileId: fileId(`envelope:${q.key}`),
          })),
        )
        .returning({ id: agencyContractQuotations.id, number: agencyContractQuotations.number }));
  const quotationIdByNumber = new Map(quotationRows.map((r) => [r.number, r.id]));
  const quotationId = (key: string) => {
    const q = QUOTATIONS.find((x) => x.key === key);
    return need(quotationIdByNumber, q ? numbered(q.number, day(-q.daysAgo)) : key, 'quotation');
  };

  // Invoices
  const invoiceRows = await (invoices.length === 0
    ? []
    : tx
        .insert(agencyContractInvoices)
        .values(
          invoices.map((i) => {
            const amount = need(plan.amounts, `invoice:${i.key}`, 'invoice amount');
            return {
              agencyContractId: contractId(i.contract),
              number: numbered(i.number, day(-i.daysAgo)),
              amountIncludingTax: amount,
              leftToPayIncludingTax: i.paid ? 0 : amount,
              issueDate: day(-i.daysAgo),
              fileId: fileId(`invoice:${i.key}`),
              paymentMean: i.paid?.mean ?? null,
              paymentDate: i.paid ? day(-i.paid.daysAgo) : null,
            };
          }),
        )
        .returning({ id: agencyContractInvoices.id, number: agencyContractInvoices.number }));
  const invoiceIdByNumber = new Map(invoiceRows.map((r) => [r.number, r.id]));
  const invoiceId = (key: string) => {
    const i = INVOICES.find((x) => x.key === key);
    return need(invoiceIdByNumber, i ? numbered(i.number, day(-i.daysAgo)) : key, 'invoice');
  };
  return { quotationId, invoiceId };
}

async function seedServiceCallsAndDocuments(
  tx: DbOrTx,
  day: (offset: number) => string,
  rows: {
    serviceCalls: [number, DemoServiceCall][];
    documents: [number, DemoDocument][];
    fileId: (key: string) => number | null;
    contractId: IdOf;
    quotationId: IdOf;
    invoiceId: IdOf;
  },
): Promise<void> {
  const { serviceCalls, documents, fileId, contractId, quotationId, invoiceId } = rows;
  // Service calls
  if (serviceCalls.length > 0)
    await tx.insert(agencyContractServiceCalls).values(
      serviceCalls.map(([index, s]) => ({
        agencyContractId: contractId(s.contract),
        requestDate: day(-s.requestDaysAgo),
        isFinished: s.isFinished ?? false,
        appointmentDate: s.appointmentIn === undefined ? null : day(s.appointmentIn),
        appointmentTime: s.appointmentTime ?? null,
        quotationId: s.quotation ? quotationId(s.quotation) : null,
        invoiceId: s.invoice ? invoiceId(s.invoice) : null,
        voucherId: fileId(`voucher:${index}`),
      })),
    );

  // Contract documents
  if (documents.length > 0)
    await tx.insert(agencyContractDocuments).values(
      documents.map(([index, d]) => ({
        agencyContractId: contractId(d.contract),
        description: d.description,
        date: day(-d.daysAgo),
        fileId: fileId(`document:${index}`),
      })),
    );
}

/** The FAQ, sanitized on the way in like any rich text. */
async function seedFaq(tx: DbOrTx): Promise<void> {
  await tx.insert(faqEntries).values(
    DEMO_FAQ.map((entry, index) => ({
      theme: entry.theme,
      question: entry.question,
      answer: sanitizeRichText(entry.answer),
      position: index + 1,
    })),
  );
}
