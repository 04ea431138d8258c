import { faqEntriesQuery, faqEntryList } from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { requireClient } from '../../auth/guards.js';
import { listFaqEntries } from './service.js';

/** The extranet FAQ (spec 03 "FAQ"): signed-in customers only, like every extranet screen. */
export const faqRoutes: Module = (app, deps) => {
  app.get(
    '/faq-entries',
    {
      schema: {
        tags: ['extranet'],
        summary: 'Questions fréquentes, par thème',
        description:
          "Thèmes : maintenance, repair, contract, bill, user_space (sans thème : toutes, thème par thème). Les réponses sont du HTML nettoyé à l'enregistrement.",
        querystring: faqEntriesQuery,
        response: { 200: faqEntryList },
      },
      onRequest: requireClient(),
    },
    async (request) => ({ faqEntries: await listFaqEntries(deps.db, request.query.theme) }),
  );
};
