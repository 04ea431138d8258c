import type { ContactType } from '@reseau/contracts';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import {
  agencies,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContracts,
  clients,
  contacts,
} from '../schema/index.js';
import { agencyName, DEMO_ADHERENTS } from './demo-network.js';

/**
 * What the demands, quotations and invoices screens show beyond the dashboard's demands
 * (demo-contacts.ts): every contact type of spec 02 §3, handled or not, at dirigeant@demo.fr's two
 * agencies and at others across the network. Runs after the extranet's seed, so that the contacts
 * of client@demo.fr's signed quote (DE-…-0981) and paid invoice (FA-…-1187) name their real
 * numbers, amounts and PDFs. The other numbers are outside the extranet's (03xx quotes, 05xx invoices).
 */
interface DemoCard {
  agency: string;
  type: ContactType;
  fullName: string;
  /** Null on the card of an erased account (its contact details went with it). */
  emailAddress: string | null;
  phone: string | null;
  address?: string;
  postalCode: string | null;
  city: string | null;
  isClientKnown: boolean;
  daysAgo: number;
  processedDaysAgo?: number;
  /** The type's fields; `day(n)` is the date n days ago (yyyy-MM-dd). */
  data: (day: (daysAgo: number) => string) => Record<string, unknown>;
}

const quote = (quotationNumber: string, amountIncludingTax: number, quotationState: 'accepted' | 'signed' | 'refused') => ({
  quotationNumber,
  amountIncludingTax,
  quotationState,
  quotationFileId: null,
});
const invoice = (invoiceNumber: string, amountIncludingTax: number, paymentDate: string) => ({
  invoiceNumber,
  amountIncludingTax,
  paymentDate,
});

const CARDS: DemoCard[] = [
  // Thermi'Nord Lille
  {
    agency: 'lille',
    type: 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
    fullName: 'Marc Delattre',
    emailAddress: 'marc.delattre@exemple.fr',
    phone: '06 24 81 59 37',
    address: '7 rue de la Clef',
    postalCode: '59800',
    city: 'Lille',
    isClientKnown: true,
    daysAgo: 1,
    data: () => quote('DE-2026-0331', 234_500, 'accepted'),
  },
  {
    agency: 'lille',
    type: 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT',
    fullName: 'Chantal Vermeulen',
    emailAddress: 'c.vermeulen@exemple.fr',
    phone: '06 58 12 77 40',
    address: '112 avenue de Dunkerque',
    postalCode: '59160',
    city: 'Lomme',
    isClientKnown: true,
    daysAgo: 3,
    data: () => quote('DE-2026-0327', 489_000, 'refused'),
  },
  {
    agency: 'lille',
    type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
    fullName: 'Hugo Deschamps',
    emailAddress: 'hugo.deschamps@exemple.fr',
    phone: '07 81 26 43 90',
    address: '3 place Rihour',
    postalCode: '59000',
    city: 'Lille',
    isClientKnown: true,
    daysAgo: 1,
    data: (day) => ({ ...invoice('FA-2026-0542', 18_900, day(1)), invoiceFileId: null }),
  },
  {
    agency: 'lille',
    type: 'FREE_INVOICE_PAYMENT_CONTACT',
    fullName: 'Isabelle Roger',
    emailAddress: 'isabelle.roger@exemple.fr',
    phone: '06 90 33 15 72',
    postalCode: '59650',
    city: "Villeneuve-d'Ascq",
    isClientKnown: false,
    daysAgo: 2,
    data: (day) => invoice('FA-2026-0539', 9_500, day(2)),
  },
  {
    agency: 'lille',
    type: 'FREE_INVOICE_PAYMENT_CONTACT',
    fullName: 'Gérard Lemaire',
    emailAddress: 'g.lemaire@exemple.fr',
    phone: '06 14 62 98 05',
    postalCode: '59100',
    city: 'Roubaix',
    isClientKnown: false,
    daysAgo: 16,
    processedDaysAgo: 15,
    data: (day) => invoice('FA-2026-0511', 32_000, day(16)),
  },
  {
    agency: 'lille',
    type: 'CLIENT_EMAIL_CHANGE_CONTACT',
    fullName: 'Paul Verhaeghe',
    emailAddress: 'paul.verhaeghe@exemple.fr',
    phone: '06 45 70 21 88',
    address: '21 rue Solférino',
    postalCode: '59000',
    city: 'Lille',
    isClientKnown: true,
    daysAgo: 2,
    data: () => ({ emailAddress: 'paul.verhaeghe@exemple.fr' }),
  },
  {
    agency: 'lille',
    type: 'CLIENT_PHONES_CHANGE_CONTACT',
    fullName: 'Martine Lecomte',
    emailAddress: 'martine.lecomte@exemple.fr',
    phone: '06 77 14 39 52',
    address: '9 rue Pasteur',
    postalCode: '59700',
    city: 'Marcq-en-Barœul',
    isClientKnown: true,
    daysAgo: 5,
    data: () => ({ mobilePhoneNumber: '06 77 14 39 52', landlinePhoneNumber: '03 20 72 45 18' }),
  },
  {
    agency: 'lille',
    type: 'CLIENT_PHONES_CHANGE_CONTACT',
    fullName: 'Jean-Luc Baert',
    emailAddress: 'jl.baert@exemple.fr',
    phone: '06 32 58 90 11',
    postalCode: '59130',
    city: 'Lambersart',
    isClientKnown: true,
    daysAgo: 30,
    processedDaysAgo: 29,
    data: () => ({ mobilePhoneNumber: '06 32 58 90 11', landlinePhoneNumber: null }),
  },
  // Thermi'Nord Valenciennes
  {
    agency: 'valenciennes',
    type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
    fullName: 'Nadia Benali',
    emailAddress: 'nadia.benali@exemple.fr',
    phone: '06 21 84 57 36',
    address: '18 rue de Famars',
    postalCode: '59300',
    city: 'Valenciennes',
    isClientKnown: true,
    daysAgo: 4,
    data: (day) => ({ ...invoice('FA-2026-0547', 25_300, day(4)), invoiceFileId: null }),
  },
  {
    agency: 'valenciennes',
    type: 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
    fullName: 'Didier Lambrecht',
    emailAddress: 'd.lambrecht@exemple.fr',
    phone: '06 66 02 47 81',
    address: '5 rue du Quesnoy',
    postalCode: '59410',
    city: 'Anzin',
    isClientKnown: true,
    daysAgo: 20,
    processedDaysAgo: 18,
    data: () => quote('DE-2026-0309', 612_000, 'signed'),
  },
  {
    agency: 'valenciennes',
    type: 'SOLUTIONS_CONTACT',
    fullName: 'Sébastien Dufour',
    emailAddress: 's.dufour@exemple.fr',
    phone: '07 49 60 31 25',
    postalCode: '59300',
    city: 'Valenciennes',
    isClientKnown: false,
    daysAgo: 1,
    data: () => ({
      message: 'Je souhaite remplacer ma chaudière fioul par une pompe à chaleur air/eau, maison de 110 m².',
      optIn: true,
    }),
  },
  {
    agency: 'valenciennes',
    type: 'CLIENT_EMAIL_CHANGE_CONTACT',
    fullName: 'Antoine Mercier',
    emailAddress: 'antoine.mercier@exemple.fr',
    phone: '06 98 76 54 32',
    postalCode: '59300',
    city: 'Valenciennes',
    isClientKnown: true,
    daysAgo: 40,
    processedDaysAgo: 39,
    data: () => ({ emailAddress: 'antoine.mercier@exemple.fr' }),
  },
  // Elsewhere in the network (the role 1 views)
  {
    agency: 'dunkerque',
    type: 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT',
    fullName: 'Pascale Vandamme',
    emailAddress: 'p.vandamme@exemple.fr',
    phone: '06 17 28 93 64',
    postalCode: '59140',
    city: 'Dunkerque',
    isClientKnown: true,
    daysAgo: 6,
    data: () => quote('DE-2026-0318', 156_000, 'refused'),
  },
  {
    agency: 'nantes',
    type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
    fullName: 'Erwan Le Goff',
    emailAddress: 'erwan.legoff@exemple.fr',
    phone: '06 83 40 12 76',
    address: '4 quai de Versailles',
    postalCode: '44000',
    city: 'Nantes',
    isClientKnown: true,
    daysAgo: 2,
    data: (day) => ({ ...invoice('FA-2026-0550', 21_450, day(2)), invoiceFileId: null }),
  },
  {
    agency: 'nantes',
    type: 'SITE_CONTACT',
    fullName: 'Anne Guérin',
    emailAddress: 'anne.guerin@exemple.fr',
    phone: '06 52 19 84 30',
    postalCode: '44300',
    city: 'Nantes',
    isClientKnown: false,
    daysAgo: 1,
    data: () => ({
      message: 'Bonjour, pouvez-vous me proposer un contrat d’entretien pour une chaudière à condensation ?',
      source: 'site',
      optInNewsletter: true,
    }),
  },
  {
    agency: 'lyon',
    type: 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
    fullName: 'Thomas Perrin',
    emailAddress: 'thomas.perrin@exemple.fr',
    phone: '06 71 35 28 49',
    address: '27 cours Gambetta',
    postalCode: '69003',
    city: 'Lyon',
    isClientKnown: true,
    daysAgo: 3,
    data: () => quote('DE-2026-0335', 378_000, 'accepted'),
  },
  {
    agency: 'lyon',
    type: 'CLIENT_PHONES_CHANGE_CONTACT',
    fullName: 'Émilie Chabert',
    emailAddress: 'emilie.chabert@exemple.fr',
    phone: '06 38 92 15 60',
    postalCode: '69006',
    city: 'Lyon',
    isClientKnown: true,
    daysAgo: 8,
    data: () => ({ mobilePhoneNumber: '06 38 92 15 60', landlinePhoneNumber: '04 78 52 61 03' }),
  },
  // A customer who erased their account (issue 28 §2): the agency knows them by its own references.
  {
    agency: 'lyon',
    type: 'CLIENT_ACCOUNT_ERASED_CONTACT',
    fullName: 'Client anonymisé',
    emailAddress: null,
    phone: null,
    postalCode: null,
    city: null,
    isClientKnown: true,
    daysAgo: 12,
    processedDaysAgo: 11,
    data: (day) => ({
      contractReferences: ['CT-LY-2019-0142'],
      clientReferences: ['CLI-88231'],
      erasedAt: `${day(12)}T09:30:00.000Z`,
    }),
  },
  {
    agency: 'bordeaux',
    type: 'FREE_INVOICE_PAYMENT_CONTACT',
    fullName: 'Laurent Daguerre',
    emailAddress: 'l.daguerre@exemple.fr',
    phone: '06 09 47 25 81',
    postalCode: '33000',
    city: 'Bordeaux',
    isClientKnown: false,
    daysAgo: 5,
    data: (day) => invoice('FA-2026-0528', 14_000, day(5)),
  },
  {
    agency: 'toulouse',
    type: 'SOLUTIONS_CONTACT',
    fullName: 'Camille Fabre',
    emailAddress: 'camille.fabre@exemple.fr',
    phone: '07 62 84 10 93',
    postalCode: '31400',
    city: 'Toulouse',
    isClientKnown: false,
    daysAgo: 2,
    data: () => ({ message: 'Projet de panneaux photovoltaïques avec batterie pour une maison neuve.', optIn: false }),
  },
];

const DAY = 86_400_000;

/** client@demo.fr's decisions in the extranet's demo data, as the extranet would have recorded them. */
async function extranetDecisions(tx: DbOrTx, now: number) {
  const person = {
    agencyId: agencyContracts.agencyId,
    clientId: clients.id,
    firstName: clients.firstName,
    lastName: clients.lastName,
    email: agencyContracts.emailAddress,
    phone: agencyContracts.mobilePhoneNumber,
    address: agencyContracts.route,
    postalCode: agencyContracts.postalCode,
    city: agencyContracts.locality,
  };
  const [signed] = await tx
    .select({
      ...person,
      number: agencyContractQuotations.number,
      amount: agencyContractQuotations.amountIncludingTax,
      envelopeFileId: agencyContractQuotations.envelopeFileId,
    })
    .from(agencyContractQuotations)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .innerJoin(clients, eq(clients.id, agencyContracts.clientId))
    .where(and(like(agencyContractQuotations.number, 'DE-%-0981'), eq(clients.emailAddress, 'client@demo.fr')));
  const [paid] = await tx
    .select({
      ...person,
      number: agencyContractInvoices.number,
      amount: agencyContractInvoices.amountIncludingTax,
      paymentDate: agencyContractInvoices.paymentDate,
      invoiceFileId: agencyContractInvoices.fileId,
    })
    .from(agencyContractInvoices)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractInvoices.agencyContractId))
    .innerJoin(clients, eq(clients.id, agencyContracts.clientId))
    .where(and(like(agencyContractInvoices.number, 'FA-%-1187'), eq(clients.emailAddress, 'client@demo.fr')));
  const common = (p: NonNullable<typeof signed> | NonNullable<typeof paid>) => ({
    agencyId: p.agencyId,
    clientId: p.clientId,
    fullName: `${p.firstName} ${p.lastName}`,
    emailAddress: p.email,
    phone: p.phone,
    address: p.address,
    postalCode: p.postalCode,
    city: p.city,
    isClientKnown: true,
    isProcessed: true,
  });
  const rows: (typeof contacts.$inferInsert)[] = [];
  if (signed)
    rows.push({
      ...common(signed),
      type: 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
      data: {
        quotationNumber: signed.number,
        amountIncludingTax: signed.amount,
        quotationState: 'signed',
        envelopeFileId: signed.envelopeFileId,
      },
      createdAt: new Date(now - 68 * DAY),
      processedAt: new Date(now - 67 * DAY),
    });
  if (paid)
    rows.push({
      ...common(paid),
      type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
      data: {
        invoiceNumber: paid.number,
        amountIncludingTax: paid.amount,
        paymentDate: paid.paymentDate,
        invoiceFileId: paid.invoiceFileId,
      },
      createdAt: new Date(now - 80 * DAY),
      processedAt: new Date(now - 79 * DAY),
    });
  return rows;
}

export async function seedDemoContactCards(tx: DbOrTx, now: number): Promise<void> {
  const names = new Map(
    DEMO_ADHERENTS.flatMap((adherent) => adherent.agencies.map((agency) => [agency.key, agencyName(adherent, agency)] as const)),
  );
  const wanted = [...new Set(CARDS.map((c) => names.get(c.agency)).filter((n): n is string => n !== undefined))];
  const rows = await tx.select({ id: agencies.id, name: agencies.name }).from(agencies).where(inArray(agencies.name, wanted));
  const idByName = new Map(rows.map((r) => [r.name, r.id]));
  const idOf = (key: string) => {
    const id = idByName.get(names.get(key) ?? '');
    if (id === undefined) throw new Error(`demo agency ${key} not found`);
    return id;
  };
  const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
  await tx.insert(contacts).values([
    ...(await extranetDecisions(tx, now)),
    ...CARDS.map((c) => ({
      agencyId: idOf(c.agency),
      type: c.type,
      fullName: c.fullName,
      emailAddress: c.emailAddress,
      phone: c.phone,
      address: c.address ?? null,
      postalCode: c.postalCode,
      city: c.city,
      isClientKnown: c.isClientKnown,
      isProcessed: c.processedDaysAgo !== undefined,
      processedAt: c.processedDaysAgo === undefined ? null : new Date(now - c.processedDaysAgo * DAY),
      data: c.data(day),
      createdAt: new Date(now - c.daysAgo * DAY),
    })),
  ]);
}
