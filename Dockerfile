# The application image: one per commit, the same for every instance. It holds Next.js's standalone
# output as `npm run build` made it on the build machine (docs/decisions/0017: the image copies the
# build in rather than installing and building inside; CI has just built it for the tests), run by
# Node as the unprivileged `node` user. Built by scripts/image.sh, which names the release:
#   bash scripts/image.sh            # npm run build first if there is no build; tags online-basvuru:<release>
# or by hand after `npm run build`:
#   docker build --build-arg RELEASE=$(cat .next/BUILD_ID) -t online-basvuru:$(cat .next/BUILD_ID) .
# The base is a build argument: by default the public node:24-bookworm-slim; where no image
# registry is reachable, scripts/image-bases.sh builds an equivalent from Debian and the npm registry.
#
# Run: the Swarm stack (deploy/stack.yaml, docs/operations.md), or
#   docker run -e API_BASE_URL=https://api.provider.example -e SITE_URL=https://basvuru.provider.example \
#     -e SESSION_SECRET_FILE=/run/secrets/session_secret … online-basvuru:<release>
# Required: API_BASE_URL (the image has no sandbox API), SESSION_SECRET and SITE_URL. Every secret
# may come from a file instead, as Docker and Kubernetes mount them: SESSION_SECRET_FILE,
# REVALIDATE_SECRET_FILE, API_SERVICE_TOKEN_FILE, REDIS_URL_FILE, REDIS_CACHE_URL_FILE,
# REDIS_PASSWORD_FILE, REDIS_SENTINEL_PASSWORD_FILE (lib/config.ts). The other variables:
# docs/operations.md. A missing or malformed variable stops the server at start with one line
# naming it (exit 1), and so does a production posture that is not strict.

ARG NODE_IMAGE=node:24-bookworm-slim
FROM ${NODE_IMAGE}

# The release (scripts/build.mjs: the commit's short hash and the build's time, also the build id
# Next.js serves) and its commit, as OCI labels and in the environment (the logs and /api/version).
ARG RELEASE=unknown
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="online-basvuru" \
      org.opencontainers.image.version="${RELEASE}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}"

WORKDIR /app
# Docker sets HOSTNAME to the container id, and the standalone server binds to HOSTNAME.
# DEMO=0: the image never runs the embedded sandbox (it does not even hold it).
# NEXT_MANUAL_SIG_HANDLE: the stop is the app's own (lib/lifecycle.ts): not ready at once, DRAIN_SECONDS
# of serving on, then the requests in flight answered within SHUTDOWN_GRACE_SECONDS.
# DATA_DIR: where a stopping instance leaves the filing outcomes Redis could not take (a volume in
# the stack). STATIC_PUBLISH_DIR: where this release's static files are added at start for the edge
# (deploy/image/publish-static.mjs; unset or absent: nothing is published).
ENV NODE_ENV=production \
    NEXT_MANUAL_SIG_HANDLE=true \
    NEXT_TELEMETRY_DISABLED=1 \
    DEMO=0 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/var/lib/online-basvuru \
    RELEASE=${RELEASE} \
    RELEASE_REVISION=${REVISION}
RUN mkdir -p /var/lib/online-basvuru /srv/static && chown node:node /var/lib/online-basvuru /srv/static
COPY --chown=node:node .next/standalone ./
COPY --chown=node:node deploy/image/publish-static.mjs ./
# The image holds the build it names: a stale .next from another commit is refused here.
RUN test "$(cat .next/BUILD_ID)" = "${RELEASE}" || { echo "the build in .next is $(cat .next/BUILD_ID), not RELEASE=${RELEASE}"; exit 1; }
USER node
EXPOSE 3000
# Liveness only: the orchestrator restarts a hung process. Readiness (/api/health/ready, 503 only
# while draining) is the stack's health check, which gates a release (deploy/stack.yaml).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# On SIGTERM the instance drains and finishes what it is answering: give it SHUTDOWN_GRACE_SECONDS
# (the stack's stop_grace_period). `exec`: node is the container's first process and gets the signal.
CMD ["sh", "-c", "node publish-static.mjs && exec node server.js"]
