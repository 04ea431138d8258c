import type { SparePartAnnouncementBody } from '@reseau/contracts';
import { apiCaller, type TestApp, type Who } from '../../../test/helper.js';

export type { Who };

/** The calls of this area's tests, as a user (or a customer) would make them. */
export function sparePartCalls(t: TestApp) {
  const call = apiCaller(t);
  const body = (agencyId: number, values: Partial<SparePartAnnouncementBody> = {}): SparePartAnnouncementBody => ({
    typeCode: 'DEMANDE',
    energyTypeCode: 'GAZ',
    title: 'Circulateur Grundfos UPM3',
    description: 'Circulateur neuf pour chaudière murale, livraison possible sous 48 h.',
    contact: '06 12 34 56 78',
    agencyId,
    ...values,
  });
  /** Publishes through the API; answers the new id. */
  async function publish(who: Who & { agencyIds: number[] }, values: Partial<SparePartAnnouncementBody> = {}) {
    const res = await call(who, 'POST', '/spare-part-announcements', body(who.agencyIds[0]!, values));
    if (res.statusCode !== 201) throw new Error(`publish refused: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  }
  return { call, body, publish };
}
