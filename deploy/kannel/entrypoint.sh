#!/bin/sh
# The API renders the whole kannel.conf (core, smsbox, sendsms user, one smsc group per SMSC connection) into the
# shared volume when a system admin applies the gateway (POST /gateway); bearerbox waits for that first file.
set -eu
conf=${KANNEL_CONF:-/var/lib/smsc/kannel/kannel.conf}
until [ -s "$conf" ]; do
  echo "kannel: waiting for $conf (Gateway screen: apply the SMSC connections)"
  sleep 5
done
bearerbox "$conf" &
bearer=$!
sleep 2
smsbox "$conf" &
# either box ending ends the container; compose restarts it
while kill -0 "$bearer" 2>/dev/null && kill -0 $! 2>/dev/null; do sleep 2; done
exit 1
