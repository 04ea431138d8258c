import type { JobOfferBody } from '@reseau/contracts';
import type { buildTestApp } from '../../../test/helper.js';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
export type Who = Parameters<TestApp['authHeader']>[0];

/** The calls of the job-offer tests, as a user (or a customer) would make them. */
export function jobOfferCalls(t: TestApp) {
  async function call(who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? await t.authHeader(who) : {},
      ...(payload ? { payload } : {}),
    });
  }
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
