import {
  contactList,
  contactListQuery,
  contactParams,
  NOT_FOUND_SUBJECTS,
  unprocessedContactCountQuery,
  unprocessedContactCounts,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { staffContext } from '../../lib/request-context.js';
import { CONTACTS_PERMISSION } from './policy.js';
import { countUnprocessedContacts, listContacts, setContactProcessed } from './staff.js';

const tags = ['contacts'];
const none = { 204: z.null() };

/** Demands, quotations and invoices of the agencies (spec 02 §2, §7; spec 00 §7 for the counts). */
export const contactsRoutes: Module = (app, deps) => {
  app.get(
    '/contacts',
    {
      schema: {
        tags,
        summary: "Les contacts d'une agence de l'appelant, ou de tout le réseau (rôle 1)",
        description:
          'Les plus récents en premier. `contactTypes` : types séparés par des virgules. Sans `agencyId`, tout le réseau en lecture seule, pour le rôle 1 seulement. `pageNumber` et `pageSize` (100 au plus, par défaut) bornent la liste ; `pageCount` dit combien de pages il y a.',
        querystring: contactListQuery,
        response: { 200: contactList },
      },
      onRequest: requireAdmin(CONTACTS_PERMISSION),
    },
    async (request) => listContacts(staffContext(request, deps), request.query),
  );

  // Custom methods `PUT /contacts/{id}:set-processed` and `:set-to-process`: the second colon is
  // escaped, the regex keeps the method out of the id.
  for (const [method, processed] of [
    ['set-processed', true],
    ['set-to-process', false],
  ] as const) {
    app.put(
      `/contacts/:id(^\\d+)::${method}`,
      {
        schema: {
          tags,
          summary: processed ? 'Marque un contact comme traité' : 'Remet un contact à traiter',
          description: "Un contact d'une agence de l'appelant (toutes pour un rôle réseau) ; sinon 404.",
          params: contactParams,
          response: none,
        },
        onRequest: requireAdmin(CONTACTS_PERMISSION),
      },
      async (request, reply) => {
        const found = await setContactProcessed(staffContext(request, deps), request.params.id, processed);
        if (!found) throw errors.notFound(NOT_FOUND_SUBJECTS.contact);
        return reply.status(204).send(null);
      },
    );
  }

  app.get(
    '/unprocessed-contact-count-by-contact-types',
    {
      schema: {
        tags,
        summary: 'Nombre de contacts à traiter par groupe de types (badges du menu)',
        description: 'external : demandes, quotation : devis, invoice : factures. Sans `agencyId` : tout le réseau (rôle 1).',
        querystring: unprocessedContactCountQuery,
        response: { 200: unprocessedContactCounts },
      },
      onRequest: requireAdmin(CONTACTS_PERMISSION),
    },
    async (request) => countUnprocessedContacts(staffContext(request, deps), request.query.agencyId),
  );
};
