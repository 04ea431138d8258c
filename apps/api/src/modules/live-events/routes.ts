import { ERROR_MESSAGES } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { principalOf, requireAuth } from '../../auth/guards.js';
import { AppError } from '../../lib/errors.js';

const tags = ['live-events'];

/** A client slower than this many unsent bytes is cut off: it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** How long the browser waits before reconnecting (the SSE `retry` field). */
const RETRY_MS = 3000;

const description = [
  "Flux `text/event-stream` (server-sent events), un par onglet, fermé quand la session de l'appelant est révoquée.",
  'Chaque événement dit seulement ce qui a changé ; l’écran recharge ce qu’il affiche par ses routes habituelles.',
  'Événements : `ready` (à l’ouverture), `notifications` (la cloche de l’appelant), `contacts` (les demandes d’une agence, `agencyId`),',
  '`extranet` (factures, devis, documents, liste des choses à faire du client), `signatures` (documents à signer et devis signés électroniquement des agences de l’appelant). Une ligne de commentaire toutes les 20 s maintient le flux ouvert.',
  'Les identifiants suivent l’horloge de la base (microsecondes) ; après une reconnexion (`Last-Event-ID`), le client recharge tout ce qu’il affiche.',
  '503 quand le serveur n’entend plus les événements : le client revient alors à l’interrogation périodique.',
].join(' ');

/** GET /live-events: the live updates of the signed-in caller, staff or customer (issue 31 §2). */
export const liveEventsRoutes: Module = (app, deps) => {
  app.get(
    '/live-events',
    {
      schema: {
        tags,
        summary: 'Mises à jour en direct (server-sent events)',
        description,
        headers: z.object({ 'last-event-id': z.string().max(40).optional() }),
        response: {
          200: {
            description: 'Le flux des événements',
            content: {
              'text/event-stream': {
                schema: z
                  .string()
                  .meta({ example: 'id: 1764318000000000\nevent: notifications\ndata: {"kind":"notifications"}\n\n' }),
              },
            },
          },
        },
      },
      onRequest: requireAuth(),
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (!deps.live.isLive) throw new AppError('database_unavailable', 503, ERROR_MESSAGES.database_unavailable);
      reply.hijack();
      const raw = reply.raw;
      // The headers every API answer carries (security, request id), set before the hijack.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx would otherwise hold the events in its buffer.
        'x-accel-buffering': 'no',
      });
      const remove = deps.live.open(principal, {
        write: (chunk) => {
          if (raw.writableLength > MAX_BUFFERED_BYTES) raw.end();
          else raw.write(chunk);
        },
        end: () => raw.end(),
      });
      const socket = request.raw.socket;
      raw.on('close', () => {
        remove();
        // A stream the client left never completes: its connection cannot serve another request,
        // and left open it would hold the server's close.
        if (!raw.writableEnded) socket.destroy();
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      // No id: the browser keeps the last event's id it had, for its next reconnection.
      raw.write(`event: ready\ndata: ${JSON.stringify({ kind: 'ready' })}\n\n`);
    },
  );
};
