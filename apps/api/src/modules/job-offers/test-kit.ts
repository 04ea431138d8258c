import type { JobOfferBody } from '@reseau/contracts';
import { apiCaller, type TestApp, type Who } from '../../../test/helper.js';

export type { Who };

/** The calls of the job-offer tests, as a user (or a customer) would make them. */
export function jobOfferCalls(t: TestApp) {
  const call = apiCaller(t);
  const body = (agencyId: number | null, values: Partial<JobOfferBody> = {}): JobOfferBody => ({
    jobOfferTypeCode: 'CDI',
    jobOfferDomainCode: 'MAINTENANCE',
    regionId: 1,
    agencyId,
    title: 'Technicien de maintenance chauffage (H/F)',
    description: '<p>Entretien et dépannage de chaudières gaz <strong>chez nos clients</strong>.</p>',
    geographicSector: 'Lille et métropole',
    isTemplate: false,
    contacts: [],
    ...values,
  });
  /** Creates through the API; answers the new id. */
  async function create(who: Who, values: Partial<JobOfferBody> & { agencyId?: number | null }) {
    const res = await call(who, 'POST', '/job-offers', body(values.agencyId ?? null, values));
    if (res.statusCode !== 201) throw new Error(`create refused: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  }
  return { call, body, create };
}
