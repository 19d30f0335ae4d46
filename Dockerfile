# The built Mingle server and web app on Node 24, the LTS line production runs (decisions 0136, 0156 and 0178).
# Kept buildable by apps/server/src/dockerfile.unit.test.ts, which reads this file.
#   docker build -t mingle .
#   docker run -p 3000:3000 -v mingle-data:/data -e PUBLIC_URL=... -e AUTH_SECRET=... -e SMTP_URL=... mingle

# Build: every dependency (esbuild, Vite), then `npm run build` into apps/server/dist and apps/web/dist.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so that the install layer is reused while only sources change; postinstall.mjs runs in npm ci.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY scripts/postinstall.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && chown -R node:node apps/server/dist apps/web/dist
USER node

# Run: production dependencies only (sharp's native binaries and the fonts come with them), the build's output,
# the backup scripts, and the PostgreSQL client they call (pg_dump, pg_restore, psql).
FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY scripts/postinstall.mjs scripts/
# Only the server's: the web app is built already. npm still installs the devDependencies that better-auth names as
# optional peers (vitest, vite, drizzle-kit); --omit=optional would also drop sharp's native binaries.
RUN npm ci --omit=dev --workspace=@mingle/server --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY scripts/backup.mjs scripts/restore.mjs scripts/backup-kit.mjs scripts/
# The data directory: the embedded database, local uploads and generated keys. Owned by the user the server runs as.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# glibc maps password hashing's 32 MiB buffer in transparent huge pages (the host's setting) instead of 8,192 small
# ones: apps/server/build.mjs (MALLOC_TUNABLES), decision 0197. The Dockerfile test checks the two agree.
ENV GLIBC_TUNABLES=glibc.malloc.hugetlb=1
# No curl in the slim image: Node asks. Liveness only; readiness is for the load balancer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
