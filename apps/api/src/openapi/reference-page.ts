import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../auth/guards.js';

/** Where the readable reference of the API is served (README, docs/operations.md). */
export const REFERENCE_PATH = '/api/docs';

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_VERSION = (JSON.parse(readFileSync(join(SWAGGER_UI_DIR, 'package.json'), 'utf8')) as { version: string })
  .version;

const JS = 'text/javascript; charset=utf-8';

/** Swagger UI's two files, read from the npm package: the page loads nothing from another origin. */
const PACKAGE_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': JS,
} as const;

/** The page's own script: a file, not inline, so that the page's policy allows scripts from 'self' only. */
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '${REFERENCE_PATH}/json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  displayOperationId: true,
  docExpansion: 'none',
  filter: true,
  validatorUrl: null,
});
`;

/** The URL of an asset: its version (the package's, or the script's hash) makes it safe to keep for a year. */
const assetUrl = (name: string, version = SWAGGER_UI_VERSION) => `${REFERENCE_PATH}/assets/${name}?v=${version}`;
const START_SCRIPT_VERSION = createHash('sha256').update(START_SCRIPT).digest('hex').slice(0, 12);

const PAGE = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Réseau Énergie — référence de l'API</title>
<link rel="stylesheet" href="${assetUrl('swagger-ui.css')}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assetUrl('swagger-ui-bundle.js')}"></script>
<script src="${assetUrl('start.js', START_SCRIPT_VERSION)}"></script>
</body>
</html>
`;

/**
 * The page's own policy, stricter than the web app's: same-origin scripts, styles and calls
 * (the document, "Try it out"), the data: images of Swagger UI's style sheet, no form, no base.
 */
export const REFERENCE_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const why = 'the reference of the API describes the routes, never their data (like GET /api/docs/json)';
const tags = ['docs'];
const text = { 200: z.string().meta({ description: 'Le fichier' }) };
/** Each route's own options: the route table check rewrites its hooks in place. */
const options = () => ({ schema: { hide: true, tags, response: text }, onRequest: publicRoute(why) });
const YEAR = 'public, max-age=31536000, immutable';

const page = (reply: FastifyReply) =>
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', REFERENCE_PAGE_CSP)
    .send(PAGE);

const asset = (reply: FastifyReply, type: string, body: string | Readable) =>
  reply.type(type).header('cache-control', YEAR).send(body);

/** GET /api/docs: Swagger UI over the OpenAPI document, for an agency's software vendor. */
export function registerApiReference(api: FastifyInstance) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  app.get('/docs', options(), async (_request, reply) => page(reply));
  app.get('/docs/assets/start.js', options(), async (_request, reply) => asset(reply, JS, START_SCRIPT));
  for (const [name, type] of Object.entries(PACKAGE_ASSETS)) {
    app.get(`/docs/assets/${name}`, options(), async (_request, reply) =>
      asset(reply, type, createReadStream(join(SWAGGER_UI_DIR, name))),
    );
  }
}
