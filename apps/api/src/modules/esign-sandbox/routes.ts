import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { publicRoute } from '../../auth/guards.js';
import { createSandboxSignatureStore, SANDBOX_PAGE_PATH, type SandboxSignatureStore } from '../../integrations/esign/sandbox.js';
import type { ZApp } from '../../lib/http.js';
import { ownPath } from '../../lib/own-path.js';
import { handleSignatureNotification } from '../esign-notifications/handle.js';
import { renderSandboxNotFound, renderSandboxPage } from './page.js';

const tags = ['esign-sandbox'];
// find-my-way regex: the id (a UUID) stops at the colon of `:sign` / `:decline`.
const ID = '(^[0-9a-f-]{36})';
const params = z.object({ id: z.uuid() });
const html = { 200: z.string().meta({ description: 'La page HTML' }), 404: z.string() };
const redirect = { 303: z.null().meta({ description: "Vers l'extranet (onglet Devis)" }) };

/**
 * The sandbox signature provider's hosted page (ESIGN_PROVIDER=sandbox, the demo's default; not
 * registered with Yousign): the customer is sent here by `:initialize-signature`; "Signer" and
 * "Refuser" act as Yousign would: the sandbox store changes (signing stamps the envelope), the
 * notification reaches our webhook handler in process (it needs no reachable PUBLIC_URL, and
 * still carries only the request id, whose state is read back), then the browser goes back to
 * the extranet. The request id (a random UUID) is the capability, as in Yousign's links.
 */
export const esignSandboxRoutes: Module = async (app, deps) => {
  const sandboxPage = publicRoute("the sandbox's signing page: its unguessable request id is the credential, as at the provider");
  if (deps.config.ESIGN_PROVIDER !== 'sandbox') return;
  const store = createSandboxSignatureStore(deps.db, deps.storage);
  const publicOrigin = new URL(deps.config.PUBLIC_URL).origin;
  /** Our own pages are answered as paths, so the browser stays on the host it came from. */
  const local = (url: string) => ownPath(deps.config.PUBLIC_URL, url);

  async function notify(requestId: string, log: FastifyBaseLogger) {
    try {
      await handleSignatureNotification(deps, { eventId: randomUUID(), requestId });
    } catch (err) {
      // The quote stays as it was; initialize-signature reads the state back on the next try.
      log.error({ err, requestId }, 'sandbox signature notification not handled');
    }
  }

  const notFound = (reply: FastifyReply) =>
    reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderSandboxNotFound());

  const sandbox: Sandbox = { store, sandboxPage, notify, notFound, local, publicOrigin };

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The page's plain HTML forms post `application/x-www-form-urlencoded` (no field is read).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    registerSandboxPages(scope, sandbox);
    registerSandboxAnswers(scope, sandbox);
  });
};

interface Sandbox {
  store: SandboxSignatureStore;
  sandboxPage: ReturnType<typeof publicRoute>;
  notify: (requestId: string, log: FastifyBaseLogger) => Promise<void>;
  notFound: (reply: FastifyReply) => FastifyReply;
  local: (url: string) => string;
  publicOrigin: string;
}

/** The signing page and the document it frames. */
function registerSandboxPages(scope: ZApp, { store, sandboxPage, notify, notFound, local, publicOrigin }: Sandbox) {
  scope.get(
    `/esign-sandbox/:id${ID}`,
    {
      schema: {
        tags,
        summary: 'Page de signature du bac à sable (`?refuser=1` : demande de confirmer le refus)',
        params,
        querystring: z.object({ refuser: z.literal('1').optional() }),
        produces: ['text/html'],
        response: html,
      },
      onRequest: sandboxPage,
    },
    async (request, reply) => {
      const row = await store.find(request.params.id);
      if (!row) return notFound(reply);
      // First opening: the "document seen" a real provider notifies.
      if (await store.markOpened(row.id)) await notify(row.id, request.log);
      const page = renderSandboxPage(
        row,
        store.statusOf(row),
        SANDBOX_PAGE_PATH,
        { success: local(row.successUrl), decline: local(row.declineUrl) },
        request.query.refuser === '1',
      );
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; object-src 'self'; form-action 'self' ${publicOrigin}; base-uri 'none'; frame-ancestors 'none'`,
        )
        .send(page);
    },
  );

  scope.get(
    `/esign-sandbox/:id${ID}/document`,
    {
      schema: {
        tags,
        summary: 'Bac à sable : le document à signer (ou signé), affiché dans la page',
        params,
        produces: ['application/pdf'],
        response: { 200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }), 404: z.string() },
      },
      onRequest: sandboxPage,
    },
    async (request, reply) => {
      const row = await store.find(request.params.id);
      const bytes = row ? await store.readDocument(row) : null;
      if (!row || !bytes) return notFound(reply);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', 'inline')
          .header('cache-control', 'private, no-store')
          // Shown in the page's frame only; the browser's PDF viewer needs its plugin allowed.
          .header('content-security-policy', "default-src 'none'; object-src 'self'; frame-ancestors 'self'")
          .header('x-frame-options', 'SAMEORIGIN')
          .send(bytes)
      );
    },
  );
}

/** « Signer » and « Refuser », answered as Yousign would, then back to the extranet. */
function registerSandboxAnswers(scope: ZApp, { store, sandboxPage, notify, notFound, local }: Sandbox) {
  scope.post(
    `/esign-sandbox/:id${ID}::sign`,
    {
      schema: { tags, summary: 'Bac à sable : « Signer »', params, response: { ...redirect, 404: z.string() } },
      onRequest: sandboxPage,
    },
    async (request, reply) => {
      const row = await store.find(request.params.id);
      if (!row) return notFound(reply);
      const status = store.statusOf(row);
      if (status === 'ongoing') {
        await store.sign(row);
        await notify(row.id, request.log);
      }
      // Signed (now or by a first click): back to the extranet; otherwise the page tells why.
      const after = (await store.find(row.id))!;
      if (after.status === 'signed') return reply.redirect(local(after.successUrl), 303);
      return reply.redirect(`${SANDBOX_PAGE_PATH}/${row.id}`, 303);
    },
  );

  scope.post(
    `/esign-sandbox/:id${ID}::decline`,
    {
      schema: { tags, summary: 'Bac à sable : « Refuser »', params, response: { ...redirect, 404: z.string() } },
      onRequest: sandboxPage,
    },
    async (request, reply) => {
      const row = await store.find(request.params.id);
      if (!row) return notFound(reply);
      if (store.statusOf(row) === 'ongoing' && (await store.decline(row.id))) await notify(row.id, request.log);
      const after = (await store.find(row.id))!;
      if (after.status === 'signed') return reply.redirect(local(after.successUrl), 303);
      return reply.redirect(local(after.declineUrl), 303);
    },
  );
}
