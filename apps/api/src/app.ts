import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPrincipalResolver } from './auth/principal.js';
import { createTokenSigner } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import { createLocalStorage, type FileStorage } from './integrations/storage/storage.js';
import { noStoreByDefault } from './lib/cache-control.js';
import { errorHandler } from './lib/error-handler.js';
import type { AppDeps, ZApp } from './lib/http.js';
import { refuseNulCharacters } from './lib/nul-characters.js';
import { securityHeaders } from './lib/security-headers.js';
import { audit } from './modules/audit/service.js';
import { devMailboxRoutes } from './modules/dev/mailbox.js';
import { modules } from './modules/index.js';
import { loadRoleCatalog } from './modules/roles/catalog.js';

// Zod's own messages (type errors and the like) in French, on every schema of the server.
z.config(z.locales.fr());

export interface BuildAppOptions {
  config: Config;
  database: Database;
  storage?: FileStorage;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** The Fastify instance: used by server.ts and by every test. */
export async function buildApp(opts: BuildAppOptions): Promise<ZApp> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.body.password'] },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    storage: opts.storage ?? createLocalStorage(config.FILES_DIR),
    mailer:
      opts.mailer ??
      createMailer(database.db, {
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        log: (msg, err) => app.log.error({ err }, msg),
      }),
    signer: createTokenSigner(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS),
    roles: await loadRoleCatalog(database.db),
  };
  const findPrincipal = createPrincipalResolver(deps.db, deps.signer, deps.roles);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Réseau Énergie API', version: '1.0.0' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      const zapi = api.withTypeProvider<ZodTypeProvider>();
      api.decorateRequest('principal', null);
      api.addHook('preValidation', refuseNulCharacters);
      api.addHook('onSend', noStoreByDefault);
      api.addHook('onRequest', async (request) => {
        request.principal = await findPrincipal(request);
      });
      // Every write made while impersonating is kept with both ids (reads are in the request log).
      api.addHook('onResponse', async (request, reply) => {
        const p = request.principal;
        if (p?.kind !== 'admin' || p.impersonatedBy === null || request.method === 'GET') return;
        await audit(deps.db, {
          action: 'impersonated_request',
          actorAdminId: p.impersonatedBy,
          impersonatedAdminId: p.adminId,
          details: { method: request.method, route: request.routeOptions.url ?? request.url, status: reply.statusCode },
          ip: request.ip,
        });
      });
      api.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
      for (const mod of modules) await mod(zapi, deps);
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ code: 'not_found', message: `Aucune route ${request.method} ${request.url}.` }),
      );
    },
    { prefix: '/api' },
  );

  if (config.NODE_ENV !== 'production') await app.register(devMailboxRoutes(deps));
  await registerWebApp(app, config);
  return app;
}

/** Serves the built web app: `/` goes to the extranet; every other path is the app's. */
async function registerWebApp(app: ZApp, config: Config) {
  const dist = resolve(config.WEB_DIST_DIR);
  const indexPath = join(dist, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/extranet'));
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ code: 'not_found', message: 'Page introuvable.' });
    }
    // The web app decides between a screen and its page-not-found screen.
    const html = await readFile(indexPath, 'utf8');
    return reply.type('text/html').header('cache-control', 'no-cache').send(html);
  });
}
