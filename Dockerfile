# The API image: a thin wrapper over the release CI starts and checks (tools/scripts/release-check.mjs runs the same
# `npm ci --omit=dev` and `node main.js`). Build the release first, then the image:
#   npm run release && docker build -t smsc-console .
# Not built on the development machine (it has no container daemon): docs/deployment.md, Containers.
FROM node:24-slim
ENV NODE_ENV=production
WORKDIR /opt/smsc-console
COPY dist/release/package.json dist/release/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY dist/release/ ./
# PGlite's DATA_DIR (single-node demos only; compose.yaml sets DATABASE_URL) and KANNEL_CONF's directory
RUN mkdir -p data tmp/kannel && chown -R node:node data tmp
USER node
EXPOSE 3000 2775
# SIGTERM drains (/ready 503, requests and jobs finish, exit 0): give the stop more than SHUTDOWN_TIMEOUT_MS (25 s)
STOPSIGNAL SIGTERM
CMD ["node", "main.js"]
