import { expect } from 'vitest';
import type { TestApp } from './helper.js';

/**
 * A director (role 4) of a fresh agency and a key of that agency, made through the API as in
 * Mon agence → Connexion à votre logiciel: what every import test starts from.
 */
export async function agencyWithKey(t: TestApp, label = 'ERP') {
  const director = await t.buildAdmin({ roleId: 4 });
  const agencyId = director.agencyIds[0]!;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/agencies/${agencyId}/api-keys`,
    headers: await t.authHeader(director),
    payload: { label },
  });
  expect(res.statusCode).toBe(201);
  const { id: keyId, apiKey } = res.json() as { id: number; apiKey: string };
  return { director, agencyId, keyId, apiKey };
}
