import {
  NOT_FOUND_SUBJECTS,
  SPARE_PART_EXPIRY_JOB_INTERVAL_MS,
  sparePartAnnouncement,
  sparePartAnnouncementBody,
  sparePartAnnouncementCreated,
  sparePartAnnouncementList,
  sparePartAnnouncementListQuery,
  sparePartAnnouncementParams,
  sparePartAnswerBody,
  sparePartEnergyTypeList,
} from '@reseau/contracts';
import { z } from 'zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import type { ZApp } from '../../lib/http.js';
import { staffContext } from '../../lib/request-context.js';
import { answerSparePartAnnouncement, type SparePartAnswer } from './answers.js';
import { expireSparePartAnnouncements } from './expiry.js';
import { markSparePartAnnouncementOver, markSparePartAnnouncementRead, markSparePartAnnouncementUnread } from './marks.js';
import { getSparePartAnnouncement, listSparePartAnnouncements, listSparePartEnergyTypes } from './service.js';
import { createSparePartAnnouncement, deleteSparePartAnnouncement, updateSparePartAnnouncement } from './writes.js';

const tags = ['spare-part-announcements'];
const none = { 204: z.null() };
const notFound = () => errors.notFound(NOT_FOUND_SUBJECTS.sparePartAnnouncement);
/** Every call of the area, read or write, needs its one permission (spec 00 §6); customers are refused by requireAdmin. */
const guard = requireAdmin('spare_part_announcement_administration');

/** The board, one announcement, the energy types. */
function registerAnnouncementReadRoutes(app: ZApp, deps: AppDeps) {
  app.get(
    '/spare-part-announcements',
    {
      schema: {
        tags,
        summary: 'Annonces de pièces détachées, les ouvertes puis les plus récentes en premier',
        description: 'Filtres typeCode (DEMANDE, OFFRE), energyTypeCode, authorId et isExpired ; pages de 9 par défaut.',
        querystring: sparePartAnnouncementListQuery,
        response: { 200: sparePartAnnouncementList },
      },
      onRequest: guard,
    },
    async (request) => listSparePartAnnouncements(staffContext(request, deps), request.query),
  );

  app.get(
    '/spare-part-announcements/:id',
    {
      schema: { tags, summary: 'Une annonce', params: sparePartAnnouncementParams, response: { 200: sparePartAnnouncement } },
      onRequest: guard,
    },
    async (request) => {
      const found = await getSparePartAnnouncement(staffContext(request, deps), request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/spare-part-energy-types',
    { schema: { tags, summary: "Types d'énergie des annonces", response: { 200: sparePartEnergyTypeList } }, onRequest: guard },
    async () => ({ sparePartEnergyTypes: await listSparePartEnergyTypes(deps.db) }),
  );
}

/** Publish, edit, delete (the author's agency, policy.ts). */
function registerAnnouncementWriteRoutes(app: ZApp, deps: AppDeps) {
  app.post(
    '/spare-part-announcements',
    {
      schema: {
        tags,
        summary: 'Publie une annonce',
        description:
          "agencyId doit être une agence de l'appelant. Une demande expire une semaine après sa publication, une offre six mois après.",
        body: sparePartAnnouncementBody,
        response: { 201: sparePartAnnouncementCreated },
      },
      onRequest: guard,
    },
    async (request, reply) =>
      reply.status(201).send(await createSparePartAnnouncement(staffContext(request, deps), request.body)),
  );

  app.put(
    '/spare-part-announcements/:id',
    {
      schema: {
        tags,
        summary: "Modifie une annonce de l'agence de l'appelant",
        params: sparePartAnnouncementParams,
        body: sparePartAnnouncementBody,
        response: none,
      },
      onRequest: guard,
    },
    async (request, reply) => {
      if (!(await updateSparePartAnnouncement(staffContext(request, deps), request.params.id, request.body))) throw notFound();
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/spare-part-announcements/:id',
    {
      schema: {
        tags,
        summary: "Supprime une annonce de l'agence de l'appelant",
        params: sparePartAnnouncementParams,
        response: none,
      },
      onRequest: guard,
    },
    async (request, reply) => {
      if (!(await deleteSparePartAnnouncement(staffContext(request, deps), request.params.id))) throw notFound();
      return reply.status(204).send(null);
    },
  );
}

/** The caller's marks: read, unread, over. */
function registerAnnouncementMarkRoutes(app: ZApp, deps: AppDeps) {
  // Spec 00 §4: "marked read, unread or over" (marks.ts).
  const markRoute = (mark: 'read' | 'unread' | 'over', summary: string, description: string) =>
    app.post(
      `/spare-part-announcements/:id(^\\d+)::${mark}`,
      { schema: { tags, summary, description, params: sparePartAnnouncementParams, response: none }, onRequest: guard },
      async (request, reply) => {
        const marked = {
          read: markSparePartAnnouncementRead,
          unread: markSparePartAnnouncementUnread,
          over: markSparePartAnnouncementOver,
        }[mark];
        if (!(await marked(staffContext(request, deps), request.params.id))) throw notFound();
        return reply.status(204).send(null);
      },
    );
  markRoute(
    'read',
    "Marque l'annonce comme lue par l'appelant",
    'Sans effet si elle l’est déjà ; `isRead` la dit lue dans les réponses.',
  );
  markRoute('unread', "Marque l'annonce comme non lue par l'appelant", 'Sans effet si elle ne l’est pas.');
  markRoute(
    'over',
    "Termine l'annonce avant sa date (« terminée »)",
    "Par les utilisateurs qui peuvent la modifier (son agence, les rôles réseau) ; elle est alors expirée (`isExpired`), sa date d'expiration ramenée à maintenant. 404 pour une autre agence.",
  );
}

/** The answers to an announcement: « Je veux », « J'en ai ». */
function registerAnnouncementAnswerRoutes(app: ZApp, deps: AppDeps) {
  const answerRoute = (answer: SparePartAnswer, summary: string) =>
    app.post(
      `/spare-part-announcements::${answer}`,
      {
        schema: { tags, summary, body: sparePartAnswerBody, response: none },
        onRequest: guard,
      },
      async (request, reply) => {
        await answerSparePartAnnouncement(staffContext(request, deps), answer, request.body);
        return reply.status(204).send(null);
      },
    );
  answerRoute('want', '« Je veux » : répond à une offre ; son auteur est notifié');
  answerRoute('have', "« J'en ai » : répond à une demande ; son auteur est notifié");
}

/**
 * The spare-parts exchange (spec 02 §2, §7): a board of requests and offers between agencies.
 * Everyone with the permission reads and answers; the author's agency edits and deletes
 * (policy.ts). The expiry job marks the past ones and tells their authors (expiry.ts).
 */
export const sparePartAnnouncementsRoutes: Module = (app, deps) => {
  deps.scheduler.every('spare-part-announcements-expiry', SPARE_PART_EXPIRY_JOB_INTERVAL_MS, () =>
    expireSparePartAnnouncements(deps.db),
  );

  registerAnnouncementReadRoutes(app, deps);
  registerAnnouncementWriteRoutes(app, deps);
  registerAnnouncementMarkRoutes(app, deps);
  registerAnnouncementAnswerRoutes(app, deps);
};
