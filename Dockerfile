# querydesk: build with the full toolchain, run on a slim image with production dependencies only.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
# tsc type-checks and builds dist/; scripts/bundle.mjs writes the bundle the image runs, dist/app/.
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
# Charges the store cannot take right now wait in JOURNAL_DIR: on the volume, so a new container
# (same volume) replays them.
ENV NODE_ENV=production PORT=3000 DATABASE_URL=sqlite:/data/querydesk.db JOURNAL_DIR=/data/journal
WORKDIR /app
# The daily summary's chart is drawn by resvg from the system fonts: DejaVu Sans for Latin text,
# Noto Sans CJK SC for a Chinese workspace's labels (without it they would be left out).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The local console's page is served as plain files, read from src/console/page at start.
COPY --from=build /app/src/console/page ./src/console/page
COPY package.json manifest.yml ./
# The launcher `npm start` and the benchmarks use too: it holds the runtime flags and execs node.
COPY --from=build /app/scripts/start.sh ./scripts/start.sh
RUN mkdir -p /data/journal && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "scripts/start.sh"]
