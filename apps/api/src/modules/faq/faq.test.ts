import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { faqEntries } from '../../db/schema/index.js';

const t = await buildTestApp({}, { modules: ['faq'] });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

const [second, first, bill] = await t.db
  .insert(faqEntries)
  .values([
    {
      theme: 'maintenance',
      question: 'Faut-il faire entretenir sa chaudière ?',
      answer: '<p>Oui, chaque année.</p>',
      position: 2,
    },
    { theme: 'maintenance', question: 'Quand a lieu la visite ?', answer: '<p>À la date convenue.</p>', position: 1 },
    { theme: 'bill', question: 'Comment payer ?', answer: '<p>Par carte.</p>', position: 1 },
  ])
  .returning();

describe('GET /faq-entries', () => {
  it('lists a theme’s entries by position', async () => {
    const client = await t.buildClient();
    const res = await get('/faq-entries?theme=maintenance', await t.authHeader(client));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      faqEntries: [
        { id: first!.id, question: 'Quand a lieu la visite ?', answer: '<p>À la date convenue.</p>', theme: 'maintenance' },
        {
          id: second!.id,
          question: 'Faut-il faire entretenir sa chaudière ?',
          answer: '<p>Oui, chaque année.</p>',
          theme: 'maintenance',
        },
      ],
    });
    expect((await get('/faq-entries?theme=user_space', await t.authHeader(client))).json()).toEqual({ faqEntries: [] });
    const all = await get('/faq-entries', await t.authHeader(client));
    expect(all.json().faqEntries.map((e: { id: number }) => e.id)).toEqual([first!.id, second!.id, bill!.id]);
  });

  it('401 without a token, 403 for staff, 400 on an unknown theme', async () => {
    expect((await get('/faq-entries?theme=bill')).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await get('/faq-entries?theme=bill', await t.authHeader(admin))).statusCode).toBe(403);
    const client = await t.buildClient();
    const res = await get('/faq-entries?theme=autre', await t.authHeader(client));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});
