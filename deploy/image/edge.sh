#!/bin/bash
# The edge task (deploy/stack.yaml), run as www-data: HAProxy on this container's loopback follows
# the app's tasks by Docker's DNS and sends only to the ready ones; nginx
# (deploy/nginx/nginx.conf.template, the one config of every topology) is the public edge in front
# of it. Either one ending ends the task, and Swarm starts another. A stop lets both finish what
# they are answering (nginx: SIGQUIT; HAProxy: SIGUSR1).
set -uo pipefail
# envsubst fills only the template's own names; nginx's variables stay as they are.
envsubst '${EDGE_LOAD_MODULES} ${EDGE_STATE_DIR} ${EDGE_LISTEN} ${APP_SERVERS} ${STATIC_DIR} ${PUBLIC_HOST} ${EDGE_CACHE_SECONDS} ${EDGE_ACCESS_LOG} ${EDGE_STATUS_LISTEN}' \
  </etc/edge/nginx.conf.template >"$EDGE_STATE_DIR/nginx.conf" || exit 78
nginx -t -q -p "$EDGE_STATE_DIR" -c "$EDGE_STATE_DIR/nginx.conf" || exit 78
haproxy -W -db -f /etc/edge/haproxy.cfg &
haproxy=$!
nginx -p "$EDGE_STATE_DIR" -c "$EDGE_STATE_DIR/nginx.conf" -g 'daemon off;' &
nginx=$!
trap 'kill -QUIT $nginx; kill -USR1 $haproxy' TERM INT
wait -n
status=$?
kill -QUIT $nginx 2>/dev/null
kill -USR1 $haproxy 2>/dev/null
wait
exit "$status"
