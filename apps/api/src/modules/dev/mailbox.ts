import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { mailOutbox } from '../../db/schema/index.js';
import { formatParisDateTime } from '../../lib/french.js';
import { loopbackOnly } from './loopback.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The outbox in demo mode: /dev/mailbox (a page) and /dev/mailbox.json. It holds password-reset
 * links, so only a caller on this machine sees it (loopback.ts).
 */
export function devMailboxRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', loopbackOnly);
    const latest = () =>
      deps.db
        .select({
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.id))
        .limit(100);

    app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => latest());
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
      const mails = await latest();
      const items = mails
        .map(
          (
            m,
          ) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">À : ${escapeHtml(m.to)} — ${formatParisDateTime(m.sentAt)}</p>
<iframe sandbox srcdoc="${escapeHtml(m.html)}"></iframe></article>`,
        )
        .join('\n');
      reply
        .type('text/html')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'");
      return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte de réception de développement</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin-bottom:1rem}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#666;margin:0 0 .5rem}iframe{width:100%;height:320px;border:0;background:#fff}</style></head>
<body><h1>Boîte de réception de développement</h1><p>${mails.length} message(s), du plus récent au plus ancien.</p>${items || '<p>Aucun message.</p>'}</body></html>`;
    });
  };
}
