import { NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { publicRoute } from '../../auth/guards.js';
import { sandboxPayments } from '../../db/schema/index.js';
import { isSandboxEnabled } from '../../integrations/payment/index.js';
import { errors } from '../../lib/errors.js';
import { ownPath } from '../../lib/own-path.js';
import { handlePaymentNotification } from '../invoices/webhook.js';
import { renderSandboxPage } from './page.js';

const tags = ['payment-sandbox'];
// find-my-way regex: the id stops at the colon of `:pay` / `:cancel`.
const ID = '(^sbx_[A-Za-z0-9]+)';
const params = z.object({ id: z.string().regex(/^sbx_[A-Za-z0-9]{24}$/) });
const html = { 200: z.string().meta({ description: 'La page HTML' }) };
const redirect = { 303: z.null().meta({ description: 'Vers la page de retour (ou d’annulation) de l’extranet' }) };

/**
 * The sandbox provider's hosted page (PAYMENT_PROVIDER=sandbox, the demo's default): the customer is
 * sent here by `:initialize-payment`, and "Payer" / "Annuler" act as a real provider would:
 * the sandbox store changes, the notification reaches our webhook handler (in process: it needs
 * no reachable PUBLIC_URL, and still only carries the payment id, which is fetched back), then
 * the browser is sent to the return or cancel URL. Not registered with PayPlug.
 */
export const paymentSandboxRoutes: Module = async (app, deps) => {
  const sandboxPage = publicRoute("the sandbox's payment page: its unguessable payment id is the credential, as at the provider");
  if (!isSandboxEnabled(deps.config)) return;
  const providers = deps.payments;
  const publicOrigin = new URL(deps.config.PUBLIC_URL).origin;
  /**
   * Our own pages are answered as paths (the esign sandbox's rule), so the customer comes back to
   * the host the payment was started from, where their session is.
   */
  const local = (url: string) => ownPath(deps.config.PUBLIC_URL, url);

  const find = async (id: string) => {
    const [row] = await deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.invoicePayment);
    return row;
  };

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The page's plain HTML forms post `application/x-www-form-urlencoded` (no field is read).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    scope.get(
      `/payment-sandbox/:id${ID}`,
      {
        schema: { tags, summary: 'Page de paiement du bac à sable', params, produces: ['text/html'], response: html },
        onRequest: sandboxPage,
      },
      async (request, reply) => {
        const payment = await find(request.params.id);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header(
            'content-security-policy',
            `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${publicOrigin}; base-uri 'none'; frame-ancestors 'none'`,
          )
          .send(renderSandboxPage({ ...payment, returnUrl: local(payment.returnUrl), cancelUrl: local(payment.cancelUrl) }));
      },
    );

    scope.post(
      `/payment-sandbox/:id${ID}::pay`,
      { schema: { tags, summary: 'Bac à sable : « Payer »', params, response: redirect }, onRequest: sandboxPage },
      async (request, reply) => {
        const payment = await find(request.params.id);
        if (payment.status === 'cancelled') return reply.redirect(local(payment.cancelUrl), 303);
        await deps.db
          .update(sandboxPayments)
          .set({ status: 'paid', paidAt: new Date() })
          .where(and(eq(sandboxPayments.id, payment.id), eq(sandboxPayments.status, 'pending')));
        await notify(payment.id, request.log);
        return reply.redirect(local(payment.returnUrl), 303);
      },
    );

    scope.post(
      `/payment-sandbox/:id${ID}::cancel`,
      { schema: { tags, summary: 'Bac à sable : « Annuler »', params, response: redirect }, onRequest: sandboxPage },
      async (request, reply) => {
        const payment = await find(request.params.id);
        if (payment.status === 'paid') return reply.redirect(local(payment.returnUrl), 303);
        await deps.db
          .update(sandboxPayments)
          .set({ status: 'cancelled' })
          .where(and(eq(sandboxPayments.id, payment.id), eq(sandboxPayments.status, 'pending')));
        await notify(payment.id, request.log);
        return reply.redirect(local(payment.cancelUrl), 303);
      },
    );
  });

  /** The provider's notification: only the id, as PayPlug's is only trusted for its id. */
  async function notify(id: string, log: Parameters<typeof handlePaymentNotification>[2]) {
    try {
      await handlePaymentNotification(deps.db, providers, log, 'sandbox', { id, object: 'payment' });
    } catch (err) {
      // The return page fetches the payment back anyway.
      log.error({ err, sandboxPaymentId: id }, 'sandbox notification not handled');
    }
  }
};
