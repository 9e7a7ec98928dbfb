# The demo's upstream (deploy/stack.yaml's `sandbox`): the repo's embedded sandbox API, bundled by
# scripts/image.sh, behind TLS (demo-upstream.mjs), so the app runs against it exactly as against a
# provider's API: https, a private CA it is told about, a service token of the deployment's own.
# Never part of a provider's deployment. Context: the folder scripts/image.sh assembles.
ARG NODE_IMAGE=node:24-bookworm-slim
FROM ${NODE_IMAGE}
WORKDIR /sandbox
COPY --chown=node:node . ./
RUN mkdir -p /var/lib/sandbox && chown node:node /var/lib/sandbox
USER node
ENV SANDBOX_DB=/var/lib/sandbox/sandbox.db SANDBOX_FILES_DIR=/var/lib/sandbox/uploads
EXPOSE 8443
CMD ["node", "demo-upstream.mjs"]
