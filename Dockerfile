# syntax=docker/dockerfile:1
# The portal's image: built once, the same for every instance (README.md, Running several instances).
# test/deploy/image-start.build.test.ts reads this file's runtime stage (WORKDIR, ENV, USER, VOLUME, EXPOSE,
# HEALTHCHECK, CMD) and runs its start command against the production build outside a container, so a change
# here changes what that test runs.

# Build: every dependency (Vite, esbuild, TypeScript) and `npm run build` -> dist/.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npm run build

# Production dependencies only, installed apart so the runtime stage carries no build tools.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
# PUBLIC_URL and CHAT_JWT_SECRET have no default: production refuses to start without them (src/server/env.ts).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/portal
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/start.sh /app/scripts/start.mjs ./scripts/
COPY --from=build /app/config ./config
COPY --from=build /app/content ./content
# The embedded database (PGlite, without DATABASE_URL) and the downloads folder live under DATA_DIR. It is
# for one instance only: several instances share a PostgreSQL server instead.
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
VOLUME ["/var/lib/portal"]
# The node image's unprivileged user (uid 1000); nothing of /app is writable by it.
USER node
EXPOSE 3000
# Readiness, not liveness: an instance whose database does not answer is taken out of rotation. The start
# applies migrations and loads content/ first, hence the start period.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM lets in-flight requests finish (up to 8 s) before the process exits; give `docker stop` -t 15.
STOPSIGNAL SIGTERM
# As `npm start` runs it (scripts/start.sh: MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=131072,
# --max-old-space-size=PORTAL_HEAP_MB), without npm's own process: `exec` makes Node the container's main
# process, so it receives the stop signal itself.
CMD ["sh", "scripts/start.sh"]
