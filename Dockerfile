# syntax=docker/dockerfile:1
# One image serves the API and the three web apps (node apps/server/dist/main.js), as `pnpm start` does.

FROM node:20-bookworm-slim AS build
WORKDIR /repo
RUN npm install -g pnpm@10
# Everything at once: a list of package.json files to copy first would miss the next workspace package
# and break the frozen install; .dockerignore keeps the host's node_modules, dist and data out.
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
# The server with its production dependencies only. The workspace packages are copied in (injected) with
# their built dist; the server finds the web apps at ../../<app>/dist from apps/server, hence this layout.
RUN pnpm --filter @app/server --config.inject-workspace-packages=true deploy --prod /prod/apps/server \
  && for app in member-web admin-web commission-web; do mkdir -p /prod/apps/$app && cp -r apps/$app/dist /prod/apps/$app/dist; done

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /prod ./
# The image's own "node" user; DATA_DIR (PGlite files without DATABASE_URL) is its volume.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Slim images have no curl: node's fetch asks /readyz, which answers 200 once the database is reachable.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
