import {
  forumCreated,
  forumList,
  forumParams,
  forumPost,
  forumPostBody,
  forumPostList,
  forumPostListQuery,
  forumPostUpdateBody,
  forumThemeList,
  forumThemeQuery,
  forumThread,
  forumThreadBody,
  forumThreadList,
  forumThreadListQuery,
  forumThreadUpdateBody,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { staffContext } from '../../lib/request-context.js';
import { createForumPost, deleteForumPost, updateForumPost } from './posts.js';
import { getForumPost, getForumThread, listForumPosts, listForums, listForumThemes, listForumThreads } from './service.js';
import { createForumThread, deleteForumThread, updateForumThread } from './threads.js';

const tags = ['forums'];
const none = { 204: z.null() };
const readers = 'Réservé au personnel qui détient le code de permission du forum (forum_*_administration).';
const editors =
  "Par l'auteur, par les rôles 1 à 3 sur tout élément, par les rôles 4 et 7 sur ceux des utilisateurs de leur adhérent (sinon 403).";

/**
 * Forums (spec 02 §2 to §9): a staff user reads and writes the forums of the permission codes it
 * holds (policy.ts); a customer token is refused by `requireAdmin`, a forum it may not read is
 * simply not found.
 */
export const forumsRoutes: Module = (app, deps) => {
  forumRoutes(app, deps);
  forumThreadRoutes(app, deps);
  forumPostRoutes(app, deps);
};

/** The forums the caller reads and their themes. */
const forumRoutes: Module = (app, deps) => {
  app.get(
    '/forums',
    {
      schema: { tags, summary: "Les forums que l'appelant peut lire", response: { 200: forumList } },
      onRequest: requireAdmin(),
    },
    async (request) => ({ forums: await listForums(staffContext(request, deps)) }),
  );

  app.get(
    '/forum-themes',
    {
      schema: { tags, summary: "Les thèmes d'un forum", querystring: forumThemeQuery, response: { 200: forumThemeList } },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const forumThemes = await listForumThemes(staffContext(request, deps), request.query.forumId);
      if (!forumThemes) throw errors.notFound(NOT_FOUND_SUBJECTS.forum);
      return { forumThemes };
    },
  );
};

/** Threads: read, opened, edited, closed or reopened, deleted. */
const forumThreadRoutes: Module = (app, deps) => {
  app.get(
    '/forum-threads',
    {
      schema: {
        tags,
        summary: 'Sujets des forums, les plus récemment actifs en premier',
        description: `Filtres forumId, forumThemeId, isClosed, search (titre ou message), pages de 10. ${readers}`,
        querystring: forumThreadListQuery,
        response: { 200: forumThreadList },
      },
      onRequest: requireAdmin(),
    },
    async (request) => listForumThreads(staffContext(request, deps), request.query),
  );

  app.get(
    '/forum-threads/:id',
    {
      schema: { tags, summary: 'Un sujet', params: forumParams, response: { 200: forumThread } },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const found = await getForumThread(staffContext(request, deps), request.params.id);
      if (!found) throw errors.notFound(NOT_FOUND_SUBJECTS.forumThread);
      return found;
    },
  );

  app.post(
    '/forum-threads',
    {
      schema: {
        tags,
        summary: 'Ouvre un sujet',
        description: `Pièces jointes envoyées d'abord (type 13), 2 au plus, chacune nommée. Les lecteurs du forum reçoivent NEW_FORUM_THREAD. ${readers}`,
        body: forumThreadBody,
        response: { 201: forumCreated },
      },
      onRequest: requireAdmin(),
    },
    async (request, reply) => reply.status(201).send(await createForumThread(staffContext(request, deps), request.body)),
  );

  app.put(
    '/forum-threads/:id',
    {
      schema: {
        tags,
        summary: 'Modifie, clôt ou rouvre un sujet',
        description: editors,
        params: forumParams,
        body: forumThreadUpdateBody,
        response: none,
      },
      onRequest: requireAdmin(),
    },
    async (request, reply) => {
      await updateForumThread(staffContext(request, deps), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/forum-threads/:id',
    {
      schema: { tags, summary: 'Supprime un sujet et ses réponses', description: editors, params: forumParams, response: none },
      onRequest: requireAdmin(),
    },
    async (request, reply) => {
      await deleteForumThread(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** Replies to a thread: read, written, edited, deleted. */
const forumPostRoutes: Module = (app, deps) => {
  app.get(
    '/forum-posts',
    {
      schema: {
        tags,
        summary: "Les réponses d'un sujet, les plus anciennes en premier",
        description: 'Pages de 5.',
        querystring: forumPostListQuery,
        response: { 200: forumPostList },
      },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const found = await listForumPosts(staffContext(request, deps), request.query);
      if (!found) throw errors.notFound(NOT_FOUND_SUBJECTS.forumThread);
      return found;
    },
  );

  app.get(
    '/forum-posts/:id',
    {
      schema: { tags, summary: 'Une réponse', params: forumParams, response: { 200: forumPost } },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const found = await getForumPost(staffContext(request, deps), request.params.id);
      if (!found) throw errors.notFound(NOT_FOUND_SUBJECTS.forumPost);
      return found;
    },
  );

  app.post(
    '/forum-posts',
    {
      schema: {
        tags,
        summary: 'Répond à un sujet',
        description:
          "Refusé sur un sujet clos (409 forum_thread_closed). L'auteur du sujet et ceux qui y ont répondu reçoivent NEW_FORUM_POST.",
        body: forumPostBody,
        response: { 201: forumCreated },
      },
      onRequest: requireAdmin(),
    },
    async (request, reply) => reply.status(201).send(await createForumPost(staffContext(request, deps), request.body)),
  );

  app.put(
    '/forum-posts/:id',
    {
      schema: {
        tags,
        summary: 'Modifie une réponse',
        description: editors,
        params: forumParams,
        body: forumPostUpdateBody,
        response: none,
      },
      onRequest: requireAdmin(),
    },
    async (request, reply) => {
      await updateForumPost(staffContext(request, deps), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/forum-posts/:id',
    {
      schema: { tags, summary: 'Supprime une réponse', description: editors, params: forumParams, response: none },
      onRequest: requireAdmin(),
    },
    async (request, reply) => {
      await deleteForumPost(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
