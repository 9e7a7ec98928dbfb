# The production image: Next.js's standalone output (output: 'standalone' in next.config.ts) run
# by Node as a non-root user. Build: `docker build -t online-basvuru .`
#
# Run (see docs/operations.md):
#   docker run -p 3000:3000 \
#     -e API_BASE_URL=https://api.provider.example \
#     -e API_SERVICE_TOKEN=… -e API_SERVICE_TOKEN_HEADER=X-Service-Token \
#     -e SESSION_SECRET=<32+ random characters, the same on every instance> \
#     -e SITE_URL=https://basvuru.provider.example \
#     -e REDIS_URL=redis://redis:6379 \
#     online-basvuru
#
# Required: API_BASE_URL (the image has no sandbox API), SESSION_SECRET and SITE_URL.
# Optional: API_SERVICE_TOKEN, API_SERVICE_TOKEN_HEADER, API_TIMEOUT_MS, REDIS_URL (shared
# rate limits across instances), TRUSTED_PROXY_HOPS (the proxies in front that append to
# X-Forwarded-For; 0 = the socket is the client), RATE_LIMIT_FACTOR and the other budgets of the
# limits table (docs/operations.md, SECURITY.md), UPLOADS_IN_FLIGHT, SETTINGS_CACHE_SECONDS,
# SESSION_COOKIE_SECURE, NEXT_PUBLIC_SITE_NAME, COMPANY_LEGAL_NAME, COMPANY_ADDRESS, SUPPORT_PHONE, LOG_LEVEL, PORT.
# A missing or malformed variable stops the server at start with one line naming it, and so does
# a production posture that is not strict: no API_BASE_URL, an http upstream other than loopback,
# a session secret under 32 characters, or the sandbox's public service token.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- dependencies: the lock file as CI installs it (native modules compile here if needed)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# --- build: `npm run build` = next build + copying public/ and the static chunks beside server.js
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# --- run: only the standalone output, owned by and run as the image's unprivileged `node` user
FROM ${NODE_IMAGE} AS run
WORKDIR /app
# Docker sets HOSTNAME to the container id, and the standalone server binds to HOSTNAME.
# DEMO=0: the image never runs the embedded sandbox (it does not even hold it).
# NEXT_MANUAL_SIG_HANDLE: the stop is the app's own (lib/lifecycle.ts): not ready at once, DRAIN_SECONDS
# of serving on, then the requests in flight answered within SHUTDOWN_GRACE_SECONDS.
ENV NODE_ENV=production \
    NEXT_MANUAL_SIG_HANDLE=true \
    NEXT_TELEMETRY_DISABLED=1 \
    DEMO=0 \
    PORT=3000 \
    HOSTNAME=0.0.0.0
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
# Liveness: an upstream outage makes the instance unready (/api/health/ready), not unhealthy
# (docs/operations.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# One Next.js process per container: run more containers behind the edge (deploy/compose.yaml).
# On SIGTERM the instance drains and finishes what it is answering; give it SHUTDOWN_GRACE_SECONDS
# (compose: stop_grace_period).
CMD ["node", "server.js"]
