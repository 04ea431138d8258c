import { describe, expect, it } from 'vitest';
import { serviceCall } from '../../../test/extranet-fixtures';
import { currentStepIndex, serviceCallSteps } from './service-call-steps';

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
