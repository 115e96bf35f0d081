# syntax=docker/dockerfile:1
# The console in a container (docs/operations.md): built with the dev dependencies, run with the
# production ones only, as the unprivileged `node` user, with `node apps/server/dist/main.js`.

# --- build: compiles the server (and its copy of the contract) and the web console
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first: the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: the server's production dependencies and the build, nothing else
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force
# The compiled server carries its compiled contract (dist/node_modules/@pc/contract).
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY apps/server/drizzle apps/server/drizzle
COPY apps/server/assets apps/server/assets
# The embedded database, the generated token secret, uploads and the mail outbox live in DATA_DIR:
# a volume, owned by the user the server runs as. With DATABASE_URL only uploads and the outbox do.
RUN mkdir -p /data && chown node:node /data
USER node
# HOST: every address of the container (the server's own default is loopback, which a container's
# port mapping cannot reach). Its output is not a terminal, so the log is JSON lines.
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server finishes its requests and jobs (SHUTDOWN_TIMEOUT_MS, 20 s) and exits.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
