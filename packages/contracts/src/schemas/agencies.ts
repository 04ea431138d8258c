import { z } from 'zod';
import {
  AGENCY_ACTIVITIES,
  AGENCY_DESCRIPTION_MAX,
  AGENCY_EMPLOYEE_AMOUNTS,
  AGENCY_INFO_LIMITS,
  AGENCY_JOB_TYPES,
  AGENCY_MESSAGES,
  AGENCY_PAGE_LOGOS_MAX,
  AGENCY_SALES_FIGURES,
  AGENCY_TEXT_MAX,
  SOCIAL_LINK_LABELS,
} from '../constants/agencies.js';
import { MESSAGES } from '../constants/messages.js';
import { emailSchema } from './auth.js';
import { frenchPhone, frenchPhoneOrEmpty, frenchPostalCode, optionalSiren, sirenOrEmpty } from './identifiers.js';
import { refId as fileId, idParam, queryBoolean } from './primitives.js';
import { requiredRichTextField } from './rich-text.js';

export const agencyListQuery = z.object({
  adherentId: idParam.optional(),
  adminId: idParam.optional(),
  isActive: queryBoolean.optional(),
});

export const phoneEntry = z.object({ phone: z.string(), label: z.string() });
export const emailEntry = z.object({ emailAddress: z.string(), label: z.string() });
export const socialLinkEntry = z.object({ socialLinkLabelId: z.number().int(), link: z.string() });

/** What the shells show of an agency: the header selector and the extranet chooser. */
export const agencySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  adherentId: z.number().int(),
  adminId: z.number().int().nullable(),
  isActive: z.boolean(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  logoFileId: z.number().int().nullable(),
  logoFilePath: z.string().nullable(),
});
export type AgencySummary = z.infer<typeof agencySummary>;
export const agencyList = z.object({ agencies: z.array(agencySummary) });

export const agencyInfos = z.object({
  name: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openingHours: z.string().nullable(),
  phones: z.array(phoneEntry),
  emails: z.array(emailEntry),
  socialLinks: z.array(socialLinkEntry),
  sirenNumber: z.string().nullable(),
  legalOfficer: z.string().nullable(),
  businessName: z.string().nullable(),
  generalTermsFileId: z.number().int().nullable(),
});
export type AgencyInfos = z.infer<typeof agencyInfos>;

/** What the agency form shows of a stored agency (never the PayPlug key, only whether one is set). */
export const agencySettings = z.object({
  googleMyBusinessId: z.string().nullable(),
  googleMyBusinessUrl: z.string().nullable(),
  externalLink: z.object({ label: z.string(), url: z.string() }).nullable(),
  illustrationFileId: z.number().int().nullable(),
  hasPayPlugSecretKey: z.boolean(),
  isFreeInvoicePaymentEnabled: z.boolean(),
  jobType: z.string().nullable(),
  salesFigures: z.number().int().nullable(),
  activities: z.array(z.string()),
  employeeAmount: z.number().int().nullable(),
  enteredNetworkAt: z.number().int().nullable(),
});
export type AgencySettings = z.infer<typeof agencySettings>;

/** The agency page's fields (spec 01 §3): public, so every reader of the agency gets them. */
export const agencyPageFields = z.object({
  pageTitle: z.string().nullable(),
  pageDescription: z.string().nullable(),
  pageIllustrationFileId: z.number().int().nullable(),
  pageLogosFiles: z.array(z.object({ fileId: z.number().int() })),
  publicAdvertisementFileId: z.number().int().nullable(),
});
export type AgencyPageFields = z.infer<typeof agencyPageFields>;

/**
 * Spec 01 §3's names for where the agency is (the same columns as `infos`, which my agency edits):
 * answered by GET /agencies/{id}, taken by PUT and POST /agencies.
 */
export const agencyPlace = z.object({
  agencyName: z.string(),
  agencyAddress1: z.string().nullable(),
  agencyPostalCode: z.string().nullable(),
  agencyCity: z.string().nullable(),
  agencyLatitude: z.number().nullable(),
  agencyLongitude: z.number().nullable(),
});
export type AgencyPlace = z.infer<typeof agencyPlace>;

export const agencyDetail = agencySummary.extend({
  ...agencyPageFields.shape,
  ...agencyPlace.shape,
  description: z.string().nullable(),
  descriptionIntervention: z.string().nullable(),
  extranetAdvertisementFileId: z.number().int().nullable(),
  extranetAdvertisementFilePath: z.string().nullable(),
  infos: agencyInfos,
  /** Only for a staff user who may edit the agency (the agency form's stored values). */
  settings: agencySettings.optional(),
});
export type AgencyDetail = z.infer<typeof agencyDetail>;

// Administration (spec 01 §3, §5, §7) ------------------------------------------------------------

const requiredText = (max: number) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.tooLong);
const optionalText = (max: number) => z.string().trim().max(max, MESSAGES.tooLong).nullable().optional();
const webUrl = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(AGENCY_TEXT_MAX, MESSAGES.tooLong)
  .pipe(z.url({ protocol: /^https?$/, error: AGENCY_MESSAGES.invalidUrl }));

/** `{id}` of an agency path. */
export const agencyIdParam = z.object({ id: idParam });

const logoList = z
  .array(z.object({ fileId }))
  .max(AGENCY_PAGE_LOGOS_MAX, AGENCY_MESSAGES.tooManyLogos)
  .refine((logos) => new Set(logos.map((l) => l.fileId)).size === logos.length, AGENCY_MESSAGES.duplicateLogo);

/**
 * The agency page's part of PUT /agencies/{id} (spec 01 §2, §5). Each field is optional: absent
 * keeps the stored value, so the agency form may leave the page alone. A page description that is
 * sent must show text ("Page description must have text to save"); an empty subtitle is null.
 */
export const agencyPageBody = z.object({
  pageTitle: z
    .string()
    .trim()
    .max(AGENCY_TEXT_MAX, MESSAGES.tooLong)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  pageDescription: requiredRichTextField().optional(),
  pageIllustrationFileId: fileId.nullable().optional(),
  pageLogosFiles: logoList.optional(),
  publicAdvertisementFileId: fileId.nullable().optional(),
});
export type AgencyPageBody = z.input<typeof agencyPageBody>;

/**
 * PUT /agencies/{id}: the agency form. The external link is both label and url, or null (the
 * form sends null when either is empty). payPlugSecretKey is write-only: absent keeps the stored
 * key, null removes it, a text replaces it. isActive absent keeps the stored state; only a holder
 * of adherents_administration may change it (the adherent page's switch and the agency form).
 */
export const agencyUpdateBody = z.object({
  name: requiredText(AGENCY_TEXT_MAX),
  description: requiredText(AGENCY_DESCRIPTION_MAX),
  descriptionIntervention: requiredText(AGENCY_DESCRIPTION_MAX),
  googleMyBusinessId: requiredText(AGENCY_TEXT_MAX),
  externalLink: z
    .object({ label: requiredText(AGENCY_TEXT_MAX), url: webUrl })
    .nullable()
    .default(null),
  illustrationFileId: fileId.nullable().default(null),
  logoFileId: fileId.nullable().default(null),
  extranetAdvertisementFileId: fileId.nullable().default(null),
  payPlugSecretKey: z.string().trim().min(1, MESSAGES.required).max(AGENCY_TEXT_MAX, MESSAGES.tooLong).nullable().optional(),
  isFreeInvoicePaymentEnabled: z.boolean().default(false),
  jobType: z.enum(AGENCY_JOB_TYPES).nullable().default(null),
  salesFigures: z
    .union(AGENCY_SALES_FIGURES.map((b) => z.literal(b.value)))
    .nullable()
    .default(null),
  activities: z.array(z.enum(AGENCY_ACTIVITIES)).max(AGENCY_ACTIVITIES.length).default([]),
  employeeAmount: z
    .union(AGENCY_EMPLOYEE_AMOUNTS.map((b) => z.literal(b.value)))
    .nullable()
    .default(null),
  enteredNetworkAt: z.number({ error: AGENCY_MESSAGES.notNumeric }).int().min(1900).max(2100).nullable().default(null),
  isActive: z.boolean().optional(),
  ...agencyPageBody.shape,
  // Spec 01 §3's place fields: each optional, absent keeps the stored value; `agencyName` is `name`.
  agencyName: requiredText(AGENCY_TEXT_MAX).optional(),
  agencyAddress1: requiredText(AGENCY_TEXT_MAX).optional(),
  agencyPostalCode: frenchPostalCode.optional(),
  agencyCity: requiredText(AGENCY_TEXT_MAX).optional(),
  agencyLatitude: z.number({ error: AGENCY_MESSAGES.notNumeric }).min(-90).max(90).optional(),
  agencyLongitude: z.number({ error: AGENCY_MESSAGES.notNumeric }).min(-180).max(180).optional(),
});
export type AgencyUpdateBody = z.input<typeof agencyUpdateBody>;

/**
 * The agency form's fields as stored, for a screen that saves the agency without showing that
 * form (the agency page): PUT /agencies/{id} takes the whole form, and the PayPlug key stays
 * out (absent keeps it). Needs the detail's `settings`, which the PUT's callers receive.
 */
export function agencyUpdateBodyOf(agency: AgencyDetail & { settings: AgencySettings }): AgencyUpdateBody {
  // The state is left out too: only the adherent page's switch changes it.
  const { isActive: _state, ...body } = agencyBodyFromForm(agencyFormOf(agency));
  return body;
}

/** The agency page form: the subtitle as typed, the description, and the files it holds. */
export const agencyPageForm = z.object({
  pageTitle: z.string().trim().max(AGENCY_TEXT_MAX, MESSAGES.tooLong),
  pageDescription: requiredRichTextField(),
  pageIllustrationFileId: fileId.nullable(),
  pageLogosFiles: logoList,
  publicAdvertisementFileId: fileId.nullable(),
});
export type AgencyPageForm = z.infer<typeof agencyPageForm>;

/** POST /agencies: the same form, for an adherent (active unless said otherwise). */
export const agencyCreateBody = agencyUpdateBody.extend({ adherentId: fileId, isActive: z.boolean().default(true) });
export type AgencyCreateBody = z.input<typeof agencyCreateBody>;
export const agencyCreated = z.object({ id: z.number().int() });

/** PUT /agencies/{id}/infos: my agency (spec 01 §3 agency info, §5 my agency). */
export const agencyInfosBody = z.object({
  name: requiredText(AGENCY_TEXT_MAX),
  address1: requiredText(AGENCY_TEXT_MAX),
  address2: optionalText(AGENCY_TEXT_MAX).default(null),
  postalCode: frenchPostalCode,
  city: requiredText(AGENCY_TEXT_MAX),
  latitude: z.number({ error: AGENCY_MESSAGES.notNumeric }).min(-90).max(90),
  longitude: z.number({ error: AGENCY_MESSAGES.notNumeric }).min(-180).max(180),
  openingHours: requiredRichTextField(),
  phones: z
    .array(z.object({ phone: frenchPhone, label: requiredText(AGENCY_TEXT_MAX) }))
    .min(1, MESSAGES.required)
    .max(AGENCY_INFO_LIMITS.phones),
  emails: z
    .array(z.object({ emailAddress: emailSchema, label: requiredText(AGENCY_TEXT_MAX) }))
    .length(AGENCY_INFO_LIMITS.emails, MESSAGES.required),
  socialLinks: z
    .array(
      z.object({
        socialLinkLabelId: z.union(SOCIAL_LINK_LABELS.map((l) => z.literal(l.id))),
        link: webUrl,
      }),
    )
    .max(AGENCY_INFO_LIMITS.socialLinks)
    .default([]),
  sirenNumber: optionalSiren.default(null),
  legalOfficer: optionalText(AGENCY_TEXT_MAX).default(null),
  businessName: optionalText(AGENCY_TEXT_MAX).default(null),
  generalTermsFileId: fileId.nullable().default(null),
});
export type AgencyInfosBody = z.input<typeof agencyInfosBody>;

/** POST /agencies/{id}/import-postal-codes answers the set it saved. */
export const postalCodeImportResult = z.object({ postalCodes: z.array(z.string()) });

const numericText = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .refine((v) => Number.isFinite(Number(v.replace(',', '.'))), AGENCY_MESSAGES.notNumeric);
const optionalFormText = (max: number) => z.string().trim().max(max, MESSAGES.tooLong);
const optionalUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || webUrl.safeParse(v).success, AGENCY_MESSAGES.invalidUrl);

/**
 * The my-agency form: the body's fields as the screen holds them (coordinates typed as text, one
 * field per phone, email and social network). `agencyInfosFromForm` turns it into the body:
 * phone 2 only when both it and its label are filled, social links only when filled (spec 01 §5).
 */
export const agencyInfosForm = z.object({
  name: agencyInfosBody.shape.name,
  address1: agencyInfosBody.shape.address1,
  address2: optionalFormText(AGENCY_TEXT_MAX),
  postalCode: agencyInfosBody.shape.postalCode,
  city: agencyInfosBody.shape.city,
  latitude: numericText,
  longitude: numericText,
  openingHours: agencyInfosBody.shape.openingHours,
  phone1: frenchPhone,
  phone1Label: requiredText(AGENCY_TEXT_MAX),
  phone2: frenchPhoneOrEmpty,
  phone2Label: optionalFormText(AGENCY_TEXT_MAX),
  emailAddress: emailSchema,
  emailLabel: requiredText(AGENCY_TEXT_MAX),
  socialLinks: z.record(z.string(), optionalUrl),
  sirenNumber: sirenOrEmpty,
  legalOfficer: optionalFormText(AGENCY_TEXT_MAX),
  businessName: optionalFormText(AGENCY_TEXT_MAX),
});
export type AgencyInfosForm = z.input<typeof agencyInfosForm>;

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function agencyInfosFromForm(v: AgencyInfosForm, generalTermsFileId: number | null): AgencyInfosBody {
  const phones = [{ phone: v.phone1.trim(), label: v.phone1Label.trim() }];
  if (v.phone2.trim() !== '' && v.phone2Label.trim() !== '') phones.push({ phone: v.phone2.trim(), label: v.phone2Label.trim() });
  return {
    name: v.name.trim(),
    address1: v.address1.trim(),
    address2: orNull(v.address2),
    postalCode: v.postalCode.trim(),
    city: v.city.trim(),
    latitude: Number(v.latitude.replace(',', '.')),
    longitude: Number(v.longitude.replace(',', '.')),
    openingHours: v.openingHours,
    phones,
    emails: [{ emailAddress: v.emailAddress.trim(), label: v.emailLabel.trim() }],
    socialLinks: SOCIAL_LINK_LABELS.flatMap(({ id }) => {
      const link = (v.socialLinks[String(id)] ?? '').trim();
      return link === '' ? [] : [{ socialLinkLabelId: id, link }];
    }),
    sirenNumber: orNull(v.sirenNumber),
    legalOfficer: orNull(v.legalOfficer),
    businessName: orNull(v.businessName),
    generalTermsFileId,
  };
}

/** The stored infos as the form shows them. */
export function agencyInfosToForm(i: AgencyInfos): AgencyInfosForm {
  const [phone1, phone2] = i.phones;
  const [email] = i.emails;
  return {
    name: i.name,
    address1: i.address1 ?? '',
    address2: i.address2 ?? '',
    postalCode: i.postalCode ?? '',
    city: i.city ?? '',
    latitude: i.latitude === null ? '' : String(i.latitude),
    longitude: i.longitude === null ? '' : String(i.longitude),
    openingHours: i.openingHours ?? '',
    phone1: phone1?.phone ?? '',
    phone1Label: phone1?.label ?? '',
    phone2: phone2?.phone ?? '',
    phone2Label: phone2?.label ?? '',
    emailAddress: email?.emailAddress ?? '',
    emailLabel: email?.label ?? '',
    socialLinks: Object.fromEntries(
      SOCIAL_LINK_LABELS.map(({ id }) => [String(id), i.socialLinks.find((l) => l.socialLinkLabelId === id)?.link ?? '']),
    ),
    sirenNumber: i.sirenNumber ?? '',
    legalOfficer: i.legalOfficer ?? '',
    businessName: i.businessName ?? '',
  };
}

// The agency form (spec 01 §2 /intranet/agency, §5) ---------------------------------------------

const bucketText = (values: readonly { value: number }[]) =>
  z.string().refine((v) => v === '' || values.some((b) => String(b.value) === v), MESSAGES.required);
const yearText = z
  .string()
  .trim()
  .refine((v) => v === '' || agencyUpdateBody.shape.enteredNetworkAt.safeParse(Number(v)).success, AGENCY_MESSAGES.notNumeric);

/**
 * The agency form: the body's fields as the screen holds them (selects as text, the external link
 * as two fields, the PayPlug key as a field that is left empty to keep the stored key).
 * `agencyBodyFromForm` turns it into the body of POST or PUT.
 */
export const agencyForm = z.object({
  name: agencyUpdateBody.shape.name,
  description: agencyUpdateBody.shape.description,
  descriptionIntervention: agencyUpdateBody.shape.descriptionIntervention,
  googleMyBusinessId: agencyUpdateBody.shape.googleMyBusinessId,
  externalLinkLabel: optionalFormText(AGENCY_TEXT_MAX),
  externalLinkUrl: optionalUrl,
  payPlugSecretKey: optionalFormText(AGENCY_TEXT_MAX),
  removePayPlugSecretKey: z.boolean(),
  isFreeInvoicePaymentEnabled: z.boolean(),
  illustrationFileId: fileId.nullable(),
  logoFileId: fileId.nullable(),
  extranetAdvertisementFileId: fileId.nullable(),
  jobType: z.string().refine((v) => v === '' || (AGENCY_JOB_TYPES as readonly string[]).includes(v), MESSAGES.required),
  salesFigures: bucketText(AGENCY_SALES_FIGURES),
  activities: agencyUpdateBody.shape.activities.unwrap(),
  employeeAmount: bucketText(AGENCY_EMPLOYEE_AMOUNTS),
  enteredNetworkAt: yearText,
  isActive: z.boolean(),
});
export type AgencyForm = z.infer<typeof agencyForm>;

/**
 * The body the form sends: the external link only when both label and url are filled, else null;
 * the PayPlug key only when typed (absent keeps the stored key), null when its removal is ticked.
 */
export function agencyBodyFromForm(v: AgencyForm): AgencyUpdateBody {
  const label = v.externalLinkLabel.trim();
  const url = v.externalLinkUrl.trim();
  const key = v.payPlugSecretKey.trim();
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    descriptionIntervention: v.descriptionIntervention.trim(),
    googleMyBusinessId: v.googleMyBusinessId.trim(),
    externalLink: label !== '' && url !== '' ? { label, url } : null,
    illustrationFileId: v.illustrationFileId,
    logoFileId: v.logoFileId,
    extranetAdvertisementFileId: v.extranetAdvertisementFileId,
    ...(v.removePayPlugSecretKey ? { payPlugSecretKey: null } : key !== '' ? { payPlugSecretKey: key } : {}),
    isFreeInvoicePaymentEnabled: v.isFreeInvoicePaymentEnabled,
    jobType: v.jobType === '' ? null : (v.jobType as (typeof AGENCY_JOB_TYPES)[number]),
    salesFigures: v.salesFigures === '' ? null : (Number(v.salesFigures) as AgencyUpdateBody['salesFigures']),
    activities: v.activities,
    employeeAmount: v.employeeAmount === '' ? null : (Number(v.employeeAmount) as AgencyUpdateBody['employeeAmount']),
    enteredNetworkAt: v.enteredNetworkAt.trim() === '' ? null : Number(v.enteredNetworkAt.trim()),
    isActive: v.isActive,
  };
}

/** An empty form (a new agency: active, no key). */
export const emptyAgencyForm: AgencyForm = {
  name: '',
  description: '',
  descriptionIntervention: '',
  googleMyBusinessId: '',
  externalLinkLabel: '',
  externalLinkUrl: '',
  payPlugSecretKey: '',
  removePayPlugSecretKey: false,
  isFreeInvoicePaymentEnabled: false,
  illustrationFileId: null,
  logoFileId: null,
  extranetAdvertisementFileId: null,
  jobType: '',
  salesFigures: '',
  activities: [],
  employeeAmount: '',
  enteredNetworkAt: '',
  isActive: true,
};

/** The stored agency as the form shows it (never the PayPlug key: the field starts empty). */
export function agencyFormOf(a: AgencyDetail): AgencyForm {
  const s = a.settings;
  return {
    ...emptyAgencyForm,
    name: a.name,
    description: a.description ?? '',
    descriptionIntervention: a.descriptionIntervention ?? '',
    googleMyBusinessId: s?.googleMyBusinessId ?? '',
    externalLinkLabel: s?.externalLink?.label ?? '',
    externalLinkUrl: s?.externalLink?.url ?? '',
    isFreeInvoicePaymentEnabled: s?.isFreeInvoicePaymentEnabled ?? false,
    illustrationFileId: s?.illustrationFileId ?? null,
    logoFileId: a.logoFileId,
    extranetAdvertisementFileId: a.extranetAdvertisementFileId,
    jobType: s?.jobType ?? '',
    salesFigures: s?.salesFigures === null || s?.salesFigures === undefined ? '' : String(s.salesFigures),
    activities: (s?.activities ?? []).filter((x): x is (typeof AGENCY_ACTIVITIES)[number] =>
      (AGENCY_ACTIVITIES as readonly string[]).includes(x),
    ),
    employeeAmount: s?.employeeAmount === null || s?.employeeAmount === undefined ? '' : String(s.employeeAmount),
    enteredNetworkAt: s?.enteredNetworkAt === null || s?.enteredNetworkAt === undefined ? '' : String(s.enteredNetworkAt),
    isActive: a.isActive,
  };
}
