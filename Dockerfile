# syntax=docker/dockerfile:1
# Node 24 LTS in both stages. The runtime stage carries production dependencies only (no embedded
# PostgreSQL, no build or test tools).
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile && pnpm run build \
  && pnpm --filter @console/api deploy --prod --legacy /app/deploy/api \
  && pnpm --filter @console/engine deploy --prod --legacy /app/deploy/engine

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/deploy/api ./apps/api
COPY --from=build /app/deploy/engine ./apps/engine
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The exports volume's mount point: made here, owned by node, so that Docker copies that owner into a new
# volume (a mount point the image lacks is created root-owned, and the worker could not write).
RUN mkdir -p /data/exports /data/candle-imports && chown node:node /data/exports /data/candle-imports
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]
