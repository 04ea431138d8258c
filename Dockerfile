# syntax=docker/dockerfile:1
# The platform's image (issue 31 §6): the API, which serves the built web app. Untested here (no
# Docker on the development machines); deploy/compose.yaml runs it, and
# apps/api/test/deploy-in-step.test.ts keeps both in step with `npm run cluster`.

FROM node:20-slim AS build
WORKDIR /app
# The manifests first: the dependencies' layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w apps/web && npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contracts ./packages/contracts
COPY --from=build /app/apps/api ./apps/api
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The code belongs to root and is read-only to the process; the server writes nothing locally
# with DATABASE_URL and FILES_S3_BUCKET set.
USER node
WORKDIR /app/apps/api
EXPOSE 3000
# Liveness (not readiness: a draining or Redis-less instance must not be restarted for it).
HEALTHCHECK --interval=15s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself as PID 1 (no npm in between), so SIGTERM reaches the server and it drains.
CMD ["node", "--import", "tsx", "src/server.ts"]
