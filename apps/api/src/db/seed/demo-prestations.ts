import { EQUIPMENT_TYPES, GOOD_REASONS_COUNT } from '@reseau/contracts';
import type { DbOrTx } from '../client.js';
import { agencyNetworkPrestations, agencyPrestations, equipmentTypeDetails, networkPrestations } from '../schema/index.js';

/**
 * The demo catalogue (spec 01 §4): for each equipment type, a mandatory yearly service, a
 * troubleshooting call, an installation and an advice visit from the network; every agency
 * prices them; the first agencies add one prestation of their own; the network's texts of
 * each equipment type for the three prestation types, and the first two agencies' own. Fixed data: prices follow the indexes.
 */
const NETWORK_OFFERS = [
  {
    prestationTypeId: 1,
    colorId: 1,
    title: 'Entretien annuel',
    subtitle: 'Visite obligatoire et attestation',
    isMandatory: true,
    base: 150,
  },
  {
    prestationTypeId: 1,
    colorId: 2,
    title: 'Dépannage',
    subtitle: 'Intervention sous 48 heures ouvrées',
    isMandatory: false,
    base: 95,
  },
  {
    prestationTypeId: 2,
    colorId: 3,
    title: 'Remplacement',
    subtitle: 'Dépose, pose et mise en service',
    isMandatory: false,
    base: 3900,
  },
  {
    prestationTypeId: 3,
    colorId: 5,
    title: 'Visite conseil',
    subtitle: 'Bilan de l’installation et pistes d’économies',
    isMandatory: false,
    base: 0,
  },
] as const;

const REASONS = [
  'Des techniciens formés chaque année',
  'Des pièces d’origine',
  'Un rapport remis à chaque visite',
  'Un interlocuteur unique',
  'Un réseau présent partout en France',
];

const details = (equipment: string, title: string) =>
  `<p><strong>${title}</strong> de votre ${equipment.toLowerCase()} par un technicien du réseau.</p><ul><li>Contrôle de sécurité</li><li>Nettoyage des organes</li><li>Réglages et conseils d’utilisation</li></ul>`;
const argumentation = (equipment: string) =>
  `<p>Un appareil bien suivi consomme moins et dure plus longtemps : votre ${equipment.toLowerCase()} reste sûr et performant.</p>`;

const PRESTATION_TYPE_TITLES: Record<number, { title: string; prestationsTitle: string }> = {
  1: { title: 'Le service après-vente', prestationsTitle: 'Nos prestations d’entretien et de dépannage' },
  2: { title: 'L’installation', prestationsTitle: 'Nos prestations d’installation' },
  3: { title: 'Le conseil', prestationsTitle: 'Nos prestations de conseil' },
};

const AGENCY_TYPE_TITLES: Record<number, { title: string; prestationsTitle: string }> = {
  1: { title: 'Votre agence assure le suivi', prestationsTitle: 'Entretien et dépannage près de chez vous' },
  2: { title: 'Votre agence installe', prestationsTitle: 'Une installation posée par nos équipes' },
  3: { title: 'Votre agence vous conseille', prestationsTitle: 'Nos visites conseil' },
};
const AGENCY_ARGUMENTS = ['Intervention sous 48 h', 'Techniciens de l’agence', 'Devis gratuit sur place', 'Pièces en stock'];

export async function seedDemoPrestations(tx: DbOrTx, agencyIds: readonly number[]) {
  const networkRows = await tx
    .insert(networkPrestations)
    .values(
      EQUIPMENT_TYPES.flatMap((equipment) =>
        NETWORK_OFFERS.map((offer, index) => ({
          equipmentTypeId: equipment.id,
          prestationTypeId: offer.prestationTypeId,
          prestationColorId: offer.colorId,
          title: offer.title,
          subtitle: offer.subtitle,
          details: details(equipment.name, offer.title),
          argumentation: argumentation(equipment.name),
          isMandatory: offer.isMandatory,
          goodReasonsBlock:
            index === 0
              ? {
                  intro: `5 bonnes raisons de confier votre ${equipment.name.toLowerCase()} au réseau`,
                  illustrationFileId: null,
                  goodReasons: REASONS.slice(0, GOOD_REASONS_COUNT).map((reason) => ({ reason })),
                }
              : null,
          sortOrder: index + 1,
        })),
      ),
    )
    .returning({
      id: networkPrestations.id,
      equipmentTypeId: networkPrestations.equipmentTypeId,
      title: networkPrestations.title,
    });

  // Each agency prices the network's offer; some switch the advice visit off.
  await tx.insert(agencyNetworkPrestations).values(
    agencyIds.flatMap((agencyId, a) =>
      networkRows.map((row, n) => {
        const offer = NETWORK_OFFERS[n % NETWORK_OFFERS.length]!;
        return {
          agencyId,
          networkPrestationId: row.id,
          priceCents: (offer.base + row.equipmentTypeId * 10 + (a % 4) * 5) * 100,
          isActive: !(offer.prestationTypeId === 3 && a % 3 === 0),
        };
      }),
    ),
  );

  // The first agencies sell one prestation of their own for each equipment type.
  await tx.insert(agencyPrestations).values(
    agencyIds.slice(0, 4).flatMap((agencyId, a) =>
      EQUIPMENT_TYPES.map((equipment) => ({
        agencyId,
        equipmentTypeId: equipment.id,
        prestationTypeId: 1,
        prestationColorId: 4,
        title: 'Contrat confort',
        subtitle: 'Entretien et dépannages illimités',
        details: details(equipment.name, 'Contrat confort'),
        argumentation: argumentation(equipment.name),
        priceCents: (19 + a) * 1000 + 900,
        sortOrder: 1,
      })),
    ),
  );

  // The first two agencies word the three blocks their own way.
  await tx.insert(equipmentTypeDetails).values(
    agencyIds.slice(0, 2).flatMap((agencyId) =>
      EQUIPMENT_TYPES.flatMap((equipment) =>
        [1, 2, 3].map((prestationTypeId) => ({
          agencyId,
          equipmentTypeId: equipment.id,
          prestationTypeId,
          title: `${AGENCY_TYPE_TITLES[prestationTypeId]!.title} : ${equipment.name.toLowerCase()}`,
          prestationsTitle: AGENCY_TYPE_TITLES[prestationTypeId]!.prestationsTitle,
          arguments: AGENCY_ARGUMENTS.map((argument) => ({ argument })),
        })),
      ),
    ),
  );

  await tx.insert(equipmentTypeDetails).values(
    EQUIPMENT_TYPES.flatMap((equipment) =>
      [1, 2, 3].map((prestationTypeId) => ({
        agencyId: null,
        equipmentTypeId: equipment.id,
        prestationTypeId,
        title: `${PRESTATION_TYPE_TITLES[prestationTypeId]!.title} : ${equipment.name.toLowerCase()}`,
        prestationsTitle: PRESTATION_TYPE_TITLES[prestationTypeId]!.prestationsTitle,
        arguments: ['Techniciens qualifiés', 'Devis gratuit', 'Garantie des travaux', 'Proximité'].map((argument) => ({
          argument,
        })),
      })),
    ),
  );
}
