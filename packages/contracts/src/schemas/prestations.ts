import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import {
  EQUIPMENT_ARGUMENTS_COUNT,
  EQUIPMENT_TEXT_MAX,
  GOOD_REASON_MAX,
  GOOD_REASONS_COUNT,
  GOOD_REASONS_INTRO_MAX,
  PRESTATION_MESSAGES,
  PRESTATION_PRICE_MAX,
  PRESTATION_SUBTITLE_MAX,
  PRESTATION_TITLE_MAX,
} from '../constants/prestations.js';
import { idParam as id, idParams, precedingId, bodyId as refId } from './primitives.js';
import { requiredRichTextField } from './rich-text.js';

const requiredText = (max: number) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.tooLong);

export const prestationParams = idParams;
export const agencyQuery = z.object({ agencyId: id });
export const equipmentTypeQuery = z.object({ agencyId: id.optional() });

export const lookup = z.object({ id: z.number().int(), code: z.string() });
export const prestationColorList = z.object({ prestationColors: z.array(lookup) });
export const prestationTypeList = z.object({ prestationTypes: z.array(lookup) });
export const brand = z.object({ id: z.number().int(), name: z.string() });
export const brandList = z.object({ brands: z.array(brand) });

/** A price in euros with at most two decimals (stored in cents). */
export const price = z
  .number({ error: MESSAGES.required })
  .min(0, 'Le prix ne peut pas être négatif')
  .max(PRESTATION_PRICE_MAX, 'Prix trop élevé')
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: 'Deux décimales au plus',
  });

/**
 * The good-reasons block (spec 01 §5): exactly five reasons; if any reason or the illustration
 * is filled the intro is needed, and with an intro every reason is needed.
 */
export const goodReasonsBlock = z
  .object({
    intro: z.string().trim().max(GOOD_REASONS_INTRO_MAX, MESSAGES.tooLong),
    illustrationFileId: refId.nullable(),
    goodReasons: z
      .array(z.object({ reason: z.string().trim().max(GOOD_REASON_MAX, MESSAGES.tooLong) }))
      .length(GOOD_REASONS_COUNT, PRESTATION_MESSAGES.goodReasonsCount),
  })
  .superRefine((block, ctx) => {
    const anyFilled = block.illustrationFileId !== null || block.goodReasons.some((r) => r.reason !== '');
    if (anyFilled && block.intro === '')
      ctx.addIssue({ code: 'custom', path: ['intro'], message: PRESTATION_MESSAGES.introNeeded });
    if (block.intro === '') return;
    block.goodReasons.forEach((r, i) => {
      if (r.reason === '') ctx.addIssue({ code: 'custom', path: ['goodReasons', i, 'reason'], message: MESSAGES.required });
    });
  });
export type GoodReasonsBlock = z.infer<typeof goodReasonsBlock>;

const prestationFields = {
  equipmentTypeId: refId,
  prestationTypeId: refId,
  prestationColorId: refId,
  title: requiredText(PRESTATION_TITLE_MAX),
  subtitle: requiredText(PRESTATION_SUBTITLE_MAX),
  details: requiredRichTextField(),
  argumentation: requiredRichTextField(),
  isActive: z.boolean().default(true),
  goodReasonsBlock: goodReasonsBlock.nullable().default(null),
};

/** POST /network-prestations, PUT /network-prestations/{id}. */
export const networkPrestationBody = z.object({ ...prestationFields, isMandatory: z.boolean().default(false) });
export type NetworkPrestationBody = z.infer<typeof networkPrestationBody>;

/** POST /agency-prestations, PUT /agency-prestations/{id}: the colour is forced to 4 by the server. */
export const agencyPrestationBody = z.object({ ...prestationFields, agencyId: refId, price });
export type AgencyPrestationBody = z.infer<typeof agencyPrestationBody>;

const prestationAnswer = {
  id: z.number().int(),
  equipmentTypeId: z.number().int(),
  prestationTypeId: z.number().int(),
  prestationColorId: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  details: z.string(),
  argumentation: z.string(),
  isActive: z.boolean(),
  goodReasonsBlock: goodReasonsBlock.nullable(),
};

export const networkPrestation = z.object({
  ...prestationAnswer,
  isMandatory: z.boolean(),
  /** The agency's own settings for it (GET /equipment-types/{id}?agencyId), null otherwise. */
  agencyNetworkPrestation: z.object({ id: z.number().int(), price: z.number().nullable(), isActive: z.boolean() }).nullable(),
});
export type NetworkPrestation = z.infer<typeof networkPrestation>;
export const networkPrestationList = z.object({ networkPrestations: z.array(networkPrestation) });
export type NetworkPrestationList = z.infer<typeof networkPrestationList>;

export const agencyPrestation = z.object({ ...prestationAnswer, agencyId: z.number().int(), price: z.number() });
export type AgencyPrestation = z.infer<typeof agencyPrestation>;
export const agencyPrestationList = z.object({ agencyPrestations: z.array(agencyPrestation) });

export const created = z.object({ id: z.number().int() });

/** POST /network-prestations:reorder (0 = first of its equipment type). */
export const networkPrestationReorderBody = z.object({
  reorderedPrestationId: refId,
  newPrecedingPrestationId: precedingId,
});
/** POST /agency-prestations:reorder. */
export const agencyPrestationReorderBody = networkPrestationReorderBody;

/** POST /agency-network-prestations: first price entry or first toggle of a network prestation. */
export const agencyNetworkPrestationBody = z.object({
  agencyId: refId,
  networkPrestationId: refId,
  price: price.nullable().default(null),
  isActive: z.boolean().default(true),
});
export type AgencyNetworkPrestationBody = z.infer<typeof agencyNetworkPrestationBody>;
export const agencyNetworkPrestationUpdate = z.object({ price: price.nullable(), isActive: z.boolean() });
export type AgencyNetworkPrestationUpdate = z.infer<typeof agencyNetworkPrestationUpdate>;
export const agencyNetworkPrestation = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  networkPrestationId: z.number().int(),
  price: z.number().nullable(),
  isActive: z.boolean(),
});

/** POST /equipment-types-details, PUT /equipment-types-details/{id}: one of the three text blocks. */
export const equipmentTypeDetailBody = z.object({
  /** null: the network's texts. */
  agencyId: refId.nullable().default(null),
  equipmentTypeId: refId,
  prestationTypeId: refId,
  title: requiredText(EQUIPMENT_TEXT_MAX),
  prestationsTitle: requiredText(EQUIPMENT_TEXT_MAX),
  arguments: z
    .array(z.object({ argument: z.string().trim().max(EQUIPMENT_TEXT_MAX, MESSAGES.tooLong) }))
    .length(EQUIPMENT_ARGUMENTS_COUNT, 'Il faut 4 arguments'),
});
export type EquipmentTypeDetailBody = z.infer<typeof equipmentTypeDetailBody>;
export const equipmentTypeDetail = z.object({
  id: z.number().int(),
  agencyId: z.number().int().nullable(),
  equipmentTypeId: z.number().int(),
  prestationTypeId: z.number().int(),
  title: z.string(),
  prestationsTitle: z.string(),
  arguments: z.array(z.object({ argument: z.string() })),
});
export type EquipmentTypeDetail = z.infer<typeof equipmentTypeDetail>;

export const equipmentType = z.object({
  id: z.number().int(),
  name: z.string(),
  networkPrestations: z.array(networkPrestation),
  agencyPrestations: z.array(agencyPrestation),
  /** The network's texts, and the agency's own with `agencyId`. */
  details: z.array(equipmentTypeDetail),
});
export type EquipmentType = z.infer<typeof equipmentType>;
export const equipmentTypeList = z.object({ equipmentTypes: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** A select's id held as text by the screen ('' until chosen). */
const selectedId = z
  .string({ error: MESSAGES.required })
  .refine((value) => Number.isInteger(Number(value)) && Number(value) > 0, MESSAGES.required);

const prestationFormFields = {
  prestationTypeId: selectedId,
  prestationColorId: selectedId,
  title: prestationFields.title,
  subtitle: prestationFields.subtitle,
  details: prestationFields.details,
  argumentation: prestationFields.argumentation,
  isActive: z.boolean(),
  /** The screen always holds the block (five empty reasons); an empty one is sent as null. */
  goodReasonsBlock,
};

/** The prestation screen of a network admin (spec 01 §5): the body's rules, ids held as text. */
export const networkPrestationForm = z.object({ ...prestationFormFields, isMandatory: z.boolean() });
export type NetworkPrestationForm = z.infer<typeof networkPrestationForm>;
/** The prestation screen of an agency user: a price is needed too (in euros). */
export const agencyPrestationForm = z.object({ ...prestationFormFields, price });
export type AgencyPrestationForm = z.infer<typeof agencyPrestationForm>;

/** A good-reasons block with nothing in it: the body carries null instead. */
export const isEmptyGoodReasonsBlock = (block: GoodReasonsBlock) =>
  block.intro.trim() === '' && block.illustrationFileId === null && block.goodReasons.every((r) => r.reason.trim() === '');

/**
 * The equipment texts screen (spec 01 §5): three blocks (SAV, installation, advice). A block is
 * saved only if it exists (`id`) or was filled from empty; such a block needs its two titles.
 */
const equipmentTextBlock = z
  .object({
    id: z.number().int().nullable(),
    prestationTypeId: z.number().int(),
    title: z.string().trim().max(EQUIPMENT_TEXT_MAX, MESSAGES.tooLong),
    prestationsTitle: z.string().trim().max(EQUIPMENT_TEXT_MAX, MESSAGES.tooLong),
    arguments: z
      .array(z.object({ argument: z.string().trim().max(EQUIPMENT_TEXT_MAX, MESSAGES.tooLong) }))
      .length(EQUIPMENT_ARGUMENTS_COUNT),
  })
  .superRefine((block, ctx) => {
    if (!isEquipmentTextBlockSaved(block)) return;
    for (const field of ['title', 'prestationsTitle'] as const)
      if (block[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
  });
export type EquipmentTextBlock = z.infer<typeof equipmentTextBlock>;
export const equipmentTextsForm = z.object({ blocks: z.array(equipmentTextBlock) });
export type EquipmentTextsForm = z.infer<typeof equipmentTextsForm>;

/** Whether a block of the equipment texts is saved: it exists, or something was typed in it. */
export function isEquipmentTextBlockSaved(block: Omit<EquipmentTextBlock, 'prestationTypeId'>) {
  return (
    block.id !== null ||
    block.title.trim() !== '' ||
    block.prestationsTitle.trim() !== '' ||
    block.arguments.some((a) => a.argument.trim() !== '')
  );
}
