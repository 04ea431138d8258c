import { describe, expect, it } from 'vitest';
import { contract, quotation, serviceCall } from '../../test/extranet-fixtures';
import { groupContractsByAddress } from './dashboard/group-contracts';
import { currentStepIndex, serviceCallSteps } from './dashboard/service-call-steps';
import { quoteState, signatureReturnPath } from './quotes/quote-state';

describe('quote state (spec 03 §4)', () => {
  it('is signed with an envelope or when accepted, refused or accepted here, unknown, else awaiting', () => {
    expect(quoteState(quotation())).toBe('awaiting');
    expect(quoteState(quotation({ isAccepted: null }))).toBe('unknown');
    expect(quoteState(quotation({ isAccepted: true }))).toBe('signed');
    expect(quoteState(quotation({ envelopeFileId: 3 }))).toBe('signed');
    // A signature wins over a refusal recorded here.
    expect(quoteState(quotation({ envelopeFileId: 3, isRefusedLocally: true }))).toBe('signed');
    expect(quoteState(quotation({ isRefusedLocally: true }))).toBe('refused');
    expect(quoteState(quotation({ isAcceptedLocally: true }))).toBe('acceptedLocally');
    expect(signatureReturnPath(12)).toBe('/extranet/contract/12?tab=quote&signed=true');
  });
});

describe('service-call tracker (spec 03 §4)', () => {
  const now = new Date(2026, 10, 22, 12, 0);
  const states = (overrides: Parameters<typeof serviceCall>[0], invoicePaid = true) =>
    serviceCallSteps(serviceCall(overrides), invoicePaid, now).map((s) => s.done);

  it('marks the appointment done once its date and time are past', () => {
    expect(states({})).toEqual([true, false, false, false, false]);
    expect(states({ appointmentDate: '2026-11-22', appointmentTime: '10:00' })[1]).toBe(true);
    expect(states({ appointmentDate: '2026-11-22', appointmentTime: '14:00' })[1]).toBe(false);
    // A slot written as text: done after that day.
    expect(states({ appointmentDate: '2026-11-22', appointmentTime: '8h-12h' })[1]).toBe(false);
    expect(states({ appointmentDate: '2026-11-21', appointmentTime: null })[1]).toBe(true);
  });

  it('marks the report, the payment and the processing done from the voucher, the invoice and the end', () => {
    expect(states({ voucherId: 4 })).toEqual([true, false, true, false, false]);
    expect(states({ invoiceId: 4 })).toEqual([true, false, false, true, false]);
    // An invoice still to pay: the online payment is not done yet.
    expect(states({ invoiceId: 4 }, false)).toEqual([true, false, false, false, false]);
    expect(states({ isFinished: true })).toEqual([true, false, false, false, true]);
    expect(currentStepIndex(serviceCallSteps(serviceCall({ voucherId: 1 }), false, now))).toBe(1);
    const finished = serviceCallSteps(
      serviceCall({ appointmentDate: '2026-01-01', voucherId: 1, invoiceId: 1, isFinished: true }),
      true,
      now,
    );
    expect(currentStepIndex(finished)).toBe(-1);
  });
});

describe('contracts by address', () => {
  it('groups the same address however it is spaced or capitalised, in order of appearance', () => {
    const groups = groupContractsByAddress([
      contract({ id: 1 }),
      contract({ id: 2, route: '38 digue de Mer', postalCode: '59240', locality: 'Dunkerque' }),
      contract({ id: 3, route: '14  rue Jean sans peur ', locality: 'LILLE' }),
    ]);
    expect(groups.map((g) => [g.address, g.contracts.map((c) => c.id)])).toEqual([
      ['14 rue Jean sans Peur, 59000 Lille', [1, 3]],
      ['38 digue de Mer, 59240 Dunkerque', [2]],
    ]);
  });
});
