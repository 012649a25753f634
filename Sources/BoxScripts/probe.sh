#!/bin/sh
# Checks that this machine lets an unprivileged process make every namespace the box uses
# (Isolation.probe): it runs inside the same unshare as a real run and says what worked.
#
# Parameter: an empty folder to mount a tmpfs on.
set -eu
mount -t tmpfs -o size=1m probe "$1"
mkdir "$1/proc"
mount -t proc proc "$1/proc"
unshare --user --map-user=65534 --map-group=65534 true
echo namespaces
if echo 512 > "$1/proc/sys/kernel/pid_max" 2>/dev/null; then echo pid_max; fi
