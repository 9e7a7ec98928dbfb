# The stack's other parts from Debian's packages, one image (deploy/stack.yaml runs each with its
# own command): the edge (nginx with its brotli modules, the same as `npm run start:edge` runs,
# and HAProxy on its loopback to follow the app's tasks), the two Redis servers, Prometheus with
# its nginx and Redis exporters, mtail, Alertmanager and the blackbox exporter. Its base is a build argument: the public
# debian:bookworm-slim by default, scripts/image-bases.sh's equivalent where no registry is reachable.
# Context: deploy/image. Built by scripts/image.sh.
ARG DEBIAN_IMAGE=debian:bookworm-slim
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static gettext-base \
     haproxy redis-server prometheus prometheus-nginx-exporter prometheus-redis-exporter mtail \
     prometheus-alertmanager prometheus-blackbox-exporter \
  && rm -rf /var/lib/apt/lists/* \
  # The edge's state (cache, temp files, pid) and log folders, nginx's worker user's; the error log to stderr.
  && mkdir -p /var/cache/edge /var/log/edge \
  && chown www-data:www-data /var/cache/edge /var/log/edge \
  && ln -sf /dev/stderr /var/cache/edge/error.log \
  # Volumes mounted here start with these owners: Redis, Prometheus and Alertmanager never run as root.
  && mkdir -p /data /prometheus /alertmanager && chown redis:redis /data && chown prometheus:prometheus /prometheus /alertmanager \
  # The static files' volume is the app's to write (its node user, uid 1000), whichever task mounts it first.
  && mkdir -p /srv/static && chown 1000:1000 /srv/static
COPY edge.sh /usr/local/bin/edge
