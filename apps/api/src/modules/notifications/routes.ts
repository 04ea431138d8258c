import { idParams, NOT_FOUND_SUBJECTS, notificationList, pageQuery, unreadNotificationsCount } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { staffContext } from '../../lib/request-context.js';
import {
  countMyUnreadNotifications,
  deleteMyReadNotifications,
  listMyNotifications,
  markAllMyNotificationsRead,
  markNotificationRead,
} from './service.js';

const tags = ['notifications'];
const none = { 204: z.null() };

/** Intranet notifications: admins only, each on their own notifications. */
export const notificationsRoutes: Module = (app, deps) => {
  app.get(
    '/notifications/mine',
    {
      schema: {
        tags,
        summary: 'Mes notifications, les plus récentes en premier',
        querystring: pageQuery,
        response: { 200: notificationList },
      },
      onRequest: requireAdmin(),
    },
    async (request) => listMyNotifications(staffContext(request, deps), request.query),
  );

  // Custom method `POST /notifications/{id}:read`: the second colon is escaped, the regex keeps
  // `:read` out of the id.
  app.post(
    '/notifications/:id(^\\d+)::read',
    {
      schema: { tags, summary: 'Marque une notification comme lue', params: idParams, response: none },
      onRequest: requireAdmin(),
    },
    async (request, reply) => {
      const found = await markNotificationRead(staffContext(request, deps), request.params.id);
      if (!found) throw errors.notFound(NOT_FOUND_SUBJECTS.notification);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/count-all-unread-notifications',
    {
      schema: { tags, summary: 'Nombre de mes notifications non lues', response: { 200: unreadNotificationsCount } },
      onRequest: requireAdmin(),
    },
    async (request) => ({ unreadNotificationsCounter: await countMyUnreadNotifications(staffContext(request, deps)) }),
  );

  app.put(
    '/read-all-notifications',
    { schema: { tags, summary: 'Marque toutes mes notifications comme lues', response: none }, onRequest: requireAdmin() },
    async (request, reply) => {
      await markAllMyNotificationsRead(staffContext(request, deps));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/delete-all-notifications-read',
    { schema: { tags, summary: 'Supprime mes notifications lues', response: none }, onRequest: requireAdmin() },
    async (request, reply) => {
      await deleteMyReadNotifications(staffContext(request, deps));
      return reply.status(204).send(null);
    },
  );
};
