# One image for API processes and workers: WORKER=false for API-only processes.
# Build: docker build -t nutrition-tracker .    Run: see compose.yaml and docs/deployment.md
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/nutrition/package.json packages/nutrition/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# What runs in production needs no build tools, test browsers or benchmark tools (Chromium, Lighthouse, Vite…).
RUN npm prune --omit=dev

FROM node:24-bookworm-slim
# glibc's allocator with fixed thresholds gives large freed buffers back (~50 MB less RSS under load; scripts/allocator-env.mjs).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072
# V8 collects its heap as it goes instead of letting it grow to hundreds of MB first, with a 16 MB young generation
# instead of 32 (scripts/allocator-env.mjs, HEAP_CAP_MB and SEMI_SPACE_MB).
ENV NODE_OPTIONS="--max-old-space-size=1024 --max-semi-space-size=8"
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/v1/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The API as built by `npm run build` (apps/api/dist): plain JavaScript, no TypeScript loader at run time.
CMD ["node", "apps/api/dist/server.mjs"]
