#!/bin/sh
# Sets a run's box up, then becomes the test program (BoxScript.namespaced).
#
# Runs as root of a new user namespace, and PID 1 of new mount, PID, network, IPC and UTS
# namespaces. It mounts the box's file system from a mount table (BoxRoot: read-only views
# of the system's folders and the toolchain, a fresh /tmp, the test program and its
# libraries at /box/bin, the run's scratch folder at /box/work); then it enters a second
# user namespace as nobody, which locks every mount, drops every capability, and changes
# root to it. Every value arrives as a positional parameter, never spliced into this text.
#
# Parameters: mount table, root, process count; then the command to run inside, as words.
set -eu
table=$1 root=$2 processes=$3
shift 3
mount --all --fstab "$table"
# Linux 6.14 and later give each PID namespace its own pid_max: a cap on processes and threads.
echo "$processes" > "$root/proc/sys/kernel/pid_max" 2>/dev/null || true
exec unshare --user --map-user=65534 --map-group=65534 --root="$root" --wd=/box/work -- "$@"
