import { describe, expect, it } from 'vitest';
import { IDENTIFIER_MESSAGES } from './constants/identifiers.js';
import { MESSAGES } from './constants/messages.js';
import { adherentAdminBody } from './schemas/adherent-admins.js';
import { agencyInfosForm, agencyUpdateBody } from './schemas/agencies.js';
import { frenchPhone, frenchPostalCode, optionalFrenchPhone, optionalSiren, optionalSiret } from './schemas/identifiers.js';
import { adminPersonFields } from './schemas/network-admins.js';
import { sparePartAnnouncementBody } from './schemas/spare-parts.js';

const messageOf = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('French identifiers (issue 25: data that goes public)', () => {
  it('takes a French phone number with spaces, dots, dashes or +33, and stores it as "06 12 34 56 78"', () => {
    for (const typed of [
      '0612345678',
      '06 12 34 56 78',
      '06.12.34.56.78',
      '06-12-34-56-78',
      '+33 6 12 34 56 78',
      '+33612345678',
    ]) {
      expect(frenchPhone.parse(typed), typed).toBe('06 12 34 56 78');
    }
    expect(frenchPhone.parse('03 20 54 18 72')).toBe('03 20 54 18 72');
    expect(frenchPhone.parse('0800 123 456')).toBe('08 00 12 34 56');
  });

  it('refuses what is not a French number with its message, and an empty one as required', () => {
    for (const typed of [
      '😀 appelez-nous',
      'rappelez-moi',
      '12',
      '061234567',
      '06123456789',
      '0012345678',
      '+44 20 7946 0958',
      '06 12 34 56 7a',
    ]) {
      expect(messageOf(frenchPhone.safeParse(typed)), typed).toBe(IDENTIFIER_MESSAGES.phone);
    }
    expect(messageOf(frenchPhone.safeParse(''))).toBe(MESSAGES.required);
    expect(optionalFrenchPhone.parse('')).toBeNull();
    expect(optionalFrenchPhone.parse(null)).toBeNull();
    expect(messageOf(optionalFrenchPhone.safeParse('abc'))).toBe(IDENTIFIER_MESSAGES.phone);
  });

  it('takes a postal code of 5 digits only', () => {
    expect(frenchPostalCode.parse(' 59000 ')).toBe('59000');
    for (const typed of ['ABC', '5900', '590000', '59 000', '2A004']) {
      expect(messageOf(frenchPostalCode.safeParse(typed)), typed).toBe(IDENTIFIER_MESSAGES.postalCode);
    }
    expect(messageOf(frenchPostalCode.safeParse(''))).toBe(MESSAGES.required);
  });

  it('takes a SIREN of 9 digits with its Luhn key, typed spaces dropped', () => {
    expect(optionalSiren.parse('552100554')).toBe('552100554');
    expect(optionalSiren.parse('552 100 554')).toBe('552100554');
    expect(optionalSiren.parse('')).toBeNull();
    for (const typed of ['12', '552100555', '55210055A', '5521005540']) {
      expect(messageOf(optionalSiren.safeParse(typed)), typed).toBe(IDENTIFIER_MESSAGES.siren);
    }
  });

  it('takes a SIRET of 14 digits with its Luhn key (and La Poste establishments)', () => {
    expect(optionalSiret.parse('552 100 554 00013')).toBe('55210055400013');
    expect(optionalSiret.parse('35600000049837')).toBe('35600000049837');
    for (const typed of ['552100554', '55210055400018', 'ABCDEFGHIJKLMN']) {
      expect(messageOf(optionalSiret.safeParse(typed)), typed).toBe(IDENTIFIER_MESSAGES.siret);
    }
  });

  it('are the rules of every write that goes public: my agency, agency, staff phones, spare-part contact', () => {
    const form = agencyInfosForm.safeParse({ postalCode: 'ABC', phone1: '😀 appelez-nous', phone2: 'x', sirenNumber: '12' });
    const shown = Object.fromEntries((form.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(shown).toMatchObject({
      postalCode: IDENTIFIER_MESSAGES.postalCode,
      phone1: IDENTIFIER_MESSAGES.phone,
      phone2: IDENTIFIER_MESSAGES.phone,
      sirenNumber: IDENTIFIER_MESSAGES.siren,
    });
    expect(messageOf(agencyUpdateBody.pick({ agencyPostalCode: true }).safeParse({ agencyPostalCode: 'ABC' }))).toBe(
      IDENTIFIER_MESSAGES.postalCode,
    );
    expect(messageOf(adminPersonFields.phone.safeParse('appelez'))).toBe(IDENTIFIER_MESSAGES.phone);
    expect(messageOf(adherentAdminBody.shape.phone.safeParse('appelez'))).toBe(IDENTIFIER_MESSAGES.phone);
    expect(messageOf(sparePartAnnouncementBody.shape.contact.safeParse('rappelez-moi'))).toBe(IDENTIFIER_MESSAGES.phone);
  });
});
