import {
  extranetAgencyContactBody,
  extranetAgencyContactCreated,
  extranetAgencyContactSubjectList,
  INVALID_CONTACT_MESSAGE,
} from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { requireClient } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { authRateLimit } from '../../lib/http.js';
import { customerContext } from '../../lib/request-context.js';
import { listContactSubjects, sendExtranetAgencyContact } from './service.js';

const tags = ['extranet'];

/** Field → messages of a body that failed its schema, under the spec's "invalid contact" message. */
function invalidContact(body: unknown) {
  const parsed = extranetAgencyContactBody.safeParse(body ?? {});
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] = [...(fields[field] ?? []), issue.message];
  }
  return errors.validation(fields, INVALID_CONTACT_MESSAGE);
}

/** Requests from the extranet to the agency (spec 03 "contact dialog"). */
export const extranetContactsRoutes: Module = (app, deps) => {
  app.get(
    '/extranet-agency-contact-subjects',
    {
      schema: {
        tags,
        summary: "Objets d'une demande à l'agence (1 panne, 2 rendez-vous d'entretien, 3 déménagement ou autre)",
        response: { 200: extranetAgencyContactSubjectList },
      },
      onRequest: requireClient(),
    },
    async () => ({ extranetAgencyContactSubjects: await listContactSubjects(deps.db) }),
  );

  app.post(
    '/extranet-agency-contacts',
    {
      schema: {
        tags,
        summary: "Envoie une demande à l'agence d'un de mes contrats",
        description:
          "Contrat, objet, message (2 000 caractères au plus) et au moins une disponibilité sont obligatoires, sinon 400 `validation_failed` avec le message « Merci de compléter les informations manquantes. » et le détail par champ. 404 pour un contrat qui n'est pas le sien. `source` : d'où la demande part (page des contrats, onglet devis…).",
        body: extranetAgencyContactBody,
        response: { 201: extranetAgencyContactCreated },
      },
      // The body error is answered with the spec's message rather than the first field's.
      attachValidation: true,
      onRequest: requireClient(),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      if (request.validationError) throw invalidContact(request.body);
      const id = await sendExtranetAgencyContact(customerContext(request, deps), request.body);
      return reply.status(201).send({ id });
    },
  );
};
