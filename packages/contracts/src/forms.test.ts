import { describe, expect, it } from 'vitest';
import { AVAILABILITY_REQUIRED_MESSAGE, PHONE_MESSAGES } from './constants/extranet.js';
import { MESSAGES } from './constants/messages.js';
import { PRESTATION_MESSAGES } from './constants/prestations.js';
import { agencyBodyFromForm, agencyForm, agencyUpdateBody, emptyAgencyForm } from './schemas/agencies.js';
import {
  accountEmailParam,
  activationForm,
  changePasswordForm,
  closeEmailVerificationBody,
  emailSchema,
  firstConnectionForm,
  loginBody,
  loginForm,
  setPasswordForm,
} from './schemas/auth.js';
import { changePhonesBody, extranetAgencyContactBody, extranetAgencyContactForm } from './schemas/extranet.js';
import {
  agencyPrestationForm,
  equipmentTextsForm,
  isEmptyGoodReasonsBlock,
  isEquipmentTextBlockSaved,
  networkPrestationForm,
} from './schemas/prestations.js';

/** Field → first message, the way a form shows them (one message under each field). */
function fieldMessages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const shown: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) shown[issue.path.join('.')] ??= issue.message;
  return shown;
}

describe('email fields (spec 03 §5)', () => {
  it('answer "Veuillez remplir ce champ" when empty, "invalide" when not an address, the over-length line past 254', () => {
    for (const value of ['', '   ']) expect(emailSchema.safeParse(value).error?.issues[0]?.message).toBe(MESSAGES.required);
    for (const value of ['pas-une-adresse', 'jean@', 'jean@exemple']) {
      expect(emailSchema.safeParse(value).error?.issues[0]?.message).toBe(MESSAGES.invalidEmail);
    }
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@exemple.fr`).error?.issues[0]?.message).toBe(MESSAGES.tooLong);
  });

  it('the forgot-password address is only required, so an answer never tells whether it exists', () => {
    expect(accountEmailParam.parse({ email: ' pas-une-adresse ' })).toEqual({ email: 'pas-une-adresse' });
    expect(fieldMessages(accountEmailParam.safeParse({ email: ' ' }))).toEqual({ email: MESSAGES.required });
  });
});

describe('sign-in form', () => {
  it('checks the address like every email field, while the body only asks for one', () => {
    const typo = { emailAddress: 'jean.dupont', password: 'x' };
    expect(loginBody.safeParse(typo).success).toBe(true);
    expect(fieldMessages(loginForm.safeParse(typo))).toEqual({ emailAddress: MESSAGES.invalidEmail });
    expect(fieldMessages(loginForm.safeParse({ emailAddress: '', password: '' }))).toEqual({
      emailAddress: MESSAGES.required,
      password: MESSAGES.required,
    });
    expect(loginForm.parse({ emailAddress: ' a@b.fr ', password: 'Demo2026!' })).toEqual({
      emailAddress: 'a@b.fr',
      password: 'Demo2026!',
    });
  });
});

describe('password forms', () => {
  it('ask the confirmation, then that it equals the new password', () => {
    expect(fieldMessages(setPasswordForm.safeParse({ password: 'Granules2027', confirmation: '' }))).toEqual({
      confirmation: MESSAGES.required,
    });
    expect(fieldMessages(setPasswordForm.safeParse({ password: 'Granules2027', confirmation: 'Granules2028' }))).toEqual({
      confirmation: MESSAGES.confirmation,
    });
    expect(setPasswordForm.safeParse({ password: 'Granules2027', confirmation: 'Granules2027' }).success).toBe(true);
  });

  it('show the rule and the mismatch together, so each field says what is wrong with it', () => {
    expect(
      fieldMessages(changePasswordForm.safeParse({ currentPassword: '', password: 'court', confirmation: 'autre' })),
    ).toEqual({ currentPassword: MESSAGES.required, password: MESSAGES.passwordRule, confirmation: MESSAGES.confirmation });
    expect(fieldMessages(setPasswordForm.safeParse({ password: '', confirmation: '' }))).toEqual({
      password: MESSAGES.required,
      confirmation: MESSAGES.required,
    });
  });

  it('first connection checks the address and the common-password list', () => {
    expect(
      fieldMessages(firstConnectionForm.safeParse({ email: 'x', password: 'Azerty123', confirmation: 'Azerty123' })),
    ).toEqual({ email: MESSAGES.invalidEmail, password: MESSAGES.commonPassword });
  });

  it('the activation link asks the chosen password; the verification body takes it or nothing', () => {
    expect(fieldMessages(activationForm.safeParse({ password: '' }))).toEqual({ password: MESSAGES.required });
    expect(closeEmailVerificationBody.safeParse(undefined).success).toBe(true);
    expect(closeEmailVerificationBody.safeParse({}).success).toBe(true);
    expect(fieldMessages(closeEmailVerificationBody.safeParse({ password: '' }))).toEqual({ password: MESSAGES.required });
  });
});

describe('contract phones', () => {
  it('give each field its own line, and "at least one" to both when both are empty', () => {
    expect(fieldMessages(changePhonesBody.safeParse({ mobilePhoneNumber: '03 20 12 34 56', landlinePhoneNumber: '' }))).toEqual({
      mobilePhoneNumber: PHONE_MESSAGES.mobile,
    });
    expect(fieldMessages(changePhonesBody.safeParse({ mobilePhoneNumber: ' ', landlinePhoneNumber: '' }))).toEqual({
      mobilePhoneNumber: PHONE_MESSAGES.atLeastOne,
      landlinePhoneNumber: PHONE_MESSAGES.atLeastOne,
    });
  });
});

describe('contact dialog', () => {
  it('requires a contract, a subject, a message and one availability, with the server’s lines', () => {
    const empty = { agencyContractId: '', extranetAgencyContactSubjectId: '', message: '  ', availability: [] };
    expect(fieldMessages(extranetAgencyContactForm.safeParse(empty))).toEqual({
      agencyContractId: MESSAGES.required,
      extranetAgencyContactSubjectId: MESSAGES.required,
      message: MESSAGES.required,
      availability: AVAILABILITY_REQUIRED_MESSAGE,
    });
    const body = { agencyContractId: 1, extranetAgencyContactSubjectId: 1, source: 'extranet_menu', message: 'x' };
    expect(fieldMessages(extranetAgencyContactBody.safeParse(body))).toEqual({ availability: AVAILABILITY_REQUIRED_MESSAGE });
  });

  it('refuses a message over 2 000 characters on both sides', () => {
    const message = 'a'.repeat(2001);
    const form = { agencyContractId: '1', extranetAgencyContactSubjectId: '1', message, availability: ['morning'] };
    expect(fieldMessages(extranetAgencyContactForm.safeParse(form))).toEqual({ message: MESSAGES.tooLong });
  });
});

describe('agency form (spec 01 §5 Agency)', () => {
  const filled = {
    ...emptyAgencyForm,
    name: ' Thermi Lens ',
    description: 'Chauffagiste',
    descriptionIntervention: 'Lens et alentours',
    googleMyBusinessId: 'ChIJ-lens',
  };

  it('asks for name, description, intervention zone and listing id, and a numeric year', () => {
    const shown = fieldMessages(agencyForm.safeParse({ ...emptyAgencyForm, enteredNetworkAt: 'deux mille' }));
    expect(shown).toMatchObject({
      name: MESSAGES.required,
      description: MESSAGES.required,
      descriptionIntervention: MESSAGES.required,
      googleMyBusinessId: MESSAGES.required,
      enteredNetworkAt: 'Veuillez saisir un nombre',
    });
    expect(agencyForm.safeParse({ ...filled, enteredNetworkAt: '2012' }).success).toBe(true);
  });

  it('sends the external link only when label and url are both filled, else null', () => {
    expect(agencyBodyFromForm({ ...filled, externalLinkLabel: 'Site' }).externalLink).toBeNull();
    expect(agencyBodyFromForm({ ...filled, externalLinkUrl: 'https://lens.fr' }).externalLink).toBeNull();
    expect(agencyBodyFromForm({ ...filled, externalLinkLabel: 'Site', externalLinkUrl: 'https://lens.fr' }).externalLink).toEqual(
      {
        label: 'Site',
        url: 'https://lens.fr',
      },
    );
  });

  it('leaves the PayPlug key out when the field is empty, sends null when removal is ticked', () => {
    expect(agencyBodyFromForm(filled)).not.toHaveProperty('payPlugSecretKey');
    expect(agencyBodyFromForm({ ...filled, payPlugSecretKey: ' sk_new ' }).payPlugSecretKey).toBe('sk_new');
    expect(
      agencyBodyFromForm({ ...filled, payPlugSecretKey: 'sk_new', removePayPlugSecretKey: true }).payPlugSecretKey,
    ).toBeNull();
  });

  it('gives a body the API accepts, buckets and year as numbers', () => {
    const body = agencyBodyFromForm({ ...filled, employeeAmount: '26', salesFigures: '1000', enteredNetworkAt: '2012' });
    expect(body).toMatchObject({ name: 'Thermi Lens', employeeAmount: 26, salesFigures: 1000, enteredNetworkAt: 2012 });
    expect(agencyUpdateBody.safeParse(body).success).toBe(true);
  });
});

describe('prestation forms (spec 01 §5)', () => {
  const block = (intro: string, reasons: string[], illustrationFileId: number | null = null) => ({
    intro,
    illustrationFileId,
    goodReasons: reasons.map((reason) => ({ reason })),
  });
  const values = {
    prestationTypeId: '1',
    prestationColorId: '2',
    title: 'Dépannage',
    subtitle: 'Sous 48 heures',
    details: '<p>Détails</p>',
    argumentation: '<p>Argumentaire</p>',
    isActive: true,
    isMandatory: false,
    goodReasonsBlock: block('', ['', '', '', '', '']),
  };

  it('needs the selects chosen and both texts shown; the agency one needs a price in euros', () => {
    const empty = { ...values, prestationTypeId: '', prestationColorId: '', details: '<p></p>', title: ' ' };
    expect(fieldMessages(networkPrestationForm.safeParse(empty))).toEqual({
      prestationTypeId: MESSAGES.required,
      prestationColorId: MESSAGES.required,
      details: MESSAGES.required,
      title: MESSAGES.required,
    });
    expect(networkPrestationForm.safeParse(values).success).toBe(true);
    expect(fieldMessages(agencyPrestationForm.safeParse({ ...values, price: '' }))).toEqual({ price: MESSAGES.required });
    expect(fieldMessages(agencyPrestationForm.safeParse({ ...values, price: 12.345 }))).toEqual({
      price: 'Deux décimales au plus',
    });
    expect(agencyPrestationForm.safeParse({ ...values, price: 149.9 }).success).toBe(true);
  });

  it('the good-reasons block: a reason or the illustration needs the intro, the intro needs every reason', () => {
    const reason = block('', ['Un', '', '', '', '']);
    expect(fieldMessages(networkPrestationForm.safeParse({ ...values, goodReasonsBlock: reason }))).toEqual({
      'goodReasonsBlock.intro': PRESTATION_MESSAGES.introNeeded,
    });
    const picture = block('', ['', '', '', '', ''], 41);
    expect(Object.keys(fieldMessages(networkPrestationForm.safeParse({ ...values, goodReasonsBlock: picture })))).toEqual([
      'goodReasonsBlock.intro',
    ]);
    const intro = block('Cinq raisons', ['Un', '', 'Trois', '', 'Cinq']);
    expect(Object.keys(fieldMessages(networkPrestationForm.safeParse({ ...values, goodReasonsBlock: intro })))).toEqual([
      'goodReasonsBlock.goodReasons.1.reason',
      'goodReasonsBlock.goodReasons.3.reason',
    ]);
    expect(isEmptyGoodReasonsBlock(values.goodReasonsBlock)).toBe(true);
    expect(isEmptyGoodReasonsBlock(picture)).toBe(false);
  });

  it('equipment texts: a block is checked only when stored or filled, and then needs its two titles', () => {
    const blank = {
      id: null,
      prestationTypeId: 1,
      title: '',
      prestationsTitle: '',
      arguments: ['', '', '', ''].map((argument) => ({ argument })),
    };
    const started = { ...blank, prestationTypeId: 2, arguments: [{ argument: 'Devis gratuit' }, ...blank.arguments.slice(1)] };
    const stored = { ...blank, id: 5, prestationTypeId: 3 };
    expect(isEquipmentTextBlockSaved(blank)).toBe(false);
    expect(fieldMessages(equipmentTextsForm.safeParse({ blocks: [blank, started, stored] }))).toEqual({
      'blocks.1.title': MESSAGES.required,
      'blocks.1.prestationsTitle': MESSAGES.required,
      'blocks.2.title': MESSAGES.required,
      'blocks.2.prestationsTitle': MESSAGES.required,
    });
  });
});
