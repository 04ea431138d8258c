import type { AgencyAdherentAdminList, MapAdherentList, SearchablesList, SearchableType } from '@reseau/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp, DEMO_SEED_TIMEOUT, demoStaffAuthorization, type TestApp } from '../../../test/demo-app.js';
import { DEMO_DIRECTORY_PEOPLE, DEMO_HIDDEN_AGENCIES } from './demo-directory.js';

/** The demo directory and search as their screens ask them (issue 10). */
describe('demo seed: directory and search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildDemoApp();
  }, DEMO_SEED_TIMEOUT);

  async function as(email: string) {
    const authorization = await demoStaffAuthorization(t, email);
    return async <T>(url: string, headers: Record<string, string> = { authorization }) => {
      const answer = await t.app.inject({ method: 'GET', url: `/api${url}`, headers });
      return { status: answer.statusCode, body: answer.json() as T };
    };
  }

  it('lists the co-managers off the map, leaves out the hidden person and the agencies hidden from each answer', async () => {
    const tech = await as('technicien@demo.fr');
    const { body: list } = await tech<AgencyAdherentAdminList>('/agency-adherent-admins');
    const emails = list.agencyAdherentAdmins.map((e) => e.emailAddress);
    for (const p of DEMO_DIRECTORY_PEOPLE) expect(emails.includes(p.email), p.email).toBe(!p.isHidden);
    expect(list.agencyAdherentAdmins.map((e) => e.agencyName)).not.toContain(DEMO_HIDDEN_AGENCIES.fromDirectory[0]);
    expect(list.agencyAdherentAdmins.map((e) => e.agencyName)).toContain(DEMO_HIDDEN_AGENCIES.fromMap[0]);

    const { body: map } = await tech<MapAdherentList>('/adherents?isForMap=true');
    const placed = map.adherents.flatMap((a) => a.agencies.map((agency) => agency.name));
    expect(placed).not.toContain(DEMO_HIDDEN_AGENCIES.fromMap[0]);
    expect(placed).toContain(DEMO_HIDDEN_AGENCIES.fromDirectory[0]);
    const shown = map.adherents.map((a) => a.admin?.emailAddress);
    for (const p of DEMO_DIRECTORY_PEOPLE) expect(shown).not.toContain(p.email);
    // The co-managers' cooperative roles count in the map's role filter.
    expect(map.adherents.flatMap((a) => a.cooperativeRoles)).toEqual(
      expect.arrayContaining(['BoardMember', 'TrainingCommission']),
    );
  });

  it('indexes the four kinds, and a reader opens each hit of their search', async () => {
    const readUrl: Partial<Record<SearchableType, string>> = {
      network_actuality: '/network-actualities/',
      document_base_item: '/document-base-items/',
      forum_thread: '/forum-threads/',
      forum_post: '/forum-posts/',
      spare_part_announcement: '/spare-part-announcements/',
    };
    const kinds = new Set<string>();
    for (const email of ['admin@demo.fr', 'technicien@demo.fr', 'dirigeant@demo.fr', 'agence@demo.fr']) {
      const reader = await as(email);
      const { body: key } = await reader<{ apiKey: string }>('/searchables:get-api-key');
      for (const word of ['chaudière', 'pompe', 'entretien', 'circulateur']) {
        const { status, body } = await reader<SearchablesList>(`/searchables?query=${encodeURIComponent(word)}&pageSize=100`, {
          'x-search-key': key.apiKey,
        });
        expect(status).toBe(200);
        for (const hit of body.searchables) {
          kinds.add(hit.entityType);
          const opened = await reader(`${readUrl[hit.entityType]}${hit.entityId}`);
          expect(opened.status, `${email} ${hit.metaId}`).toBe(200);
        }
      }
    }
    expect([...kinds].sort()).toEqual([
      'document_base_item',
      'forum_post',
      'forum_thread',
      'network_actuality',
      'spare_part_announcement',
    ]);
  });
});
