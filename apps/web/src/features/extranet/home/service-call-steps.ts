import type { AgencyContractServiceCall } from '../../../api/extranet/dashboard';
import { parseApiDate } from '../../../lib/format';

export type ServiceCallStepId = 'equipment' | 'appointment' | 'report' | 'payment' | 'processed';

export interface ServiceCallStep {
  id: ServiceCallStepId;
  done: boolean;
}

/**
 * When the appointment is over: its date and time (`HH:mm`) when the time is readable, otherwise
 * the end of its day (the agency may write a slot such as "8h-12h").
 */
function appointmentEnd(date: string | null, time: string | null): Date | null {
  const day = parseApiDate(date);
  if (!day) return null;
  const match = time ? /^(\d{1,2}):(\d{2})/.exec(time.trim()) : null;
  if (match) day.setHours(Number(match[1]), Number(match[2]), 0, 0);
  else day.setHours(23, 59, 59, 999);
  return day;
}

/**
 * The five steps of a service call (spec 03 §2, §4): the equipment (known from the request),
 * the appointment (done once past), the intervention report (a voucher exists), the online
 * payment (an invoice exists and is paid: `invoicePaid`, see docs/decisions.md), the request
 * processed (finished).
 */
export function serviceCallSteps(
  call: AgencyContractServiceCall,
  invoicePaid: boolean,
  now: Date = new Date(),
): ServiceCallStep[] {
  const end = appointmentEnd(call.appointmentDate, call.appointmentTime);
  return [
    { id: 'equipment', done: true },
    { id: 'appointment', done: end !== null && end.getTime() < now.getTime() },
    { id: 'report', done: call.voucherId !== null },
    { id: 'payment', done: call.invoiceId !== null && invoicePaid },
    { id: 'processed', done: call.isFinished },
  ];
}

/** The step the call is at: the first one not done (none when the request is processed). */
export function currentStepIndex(steps: ServiceCallStep[]): number {
  return steps.findIndex((s) => !s.done);
}
