/// The shell scripts that set a box up before the test binary starts.
///
/// They are shell rather than Swift because the set-up happens between fork
/// and exec, in a process that has unshared its namespaces, which Swift's
/// `posix_spawn` cannot do; util-linux's `unshare`, `mount` and `prlimit` make
/// the same system calls. Every process costs time on each run, so the box's
/// file system is mounted by one `mount --all` from a table. Every value arrives as a positional parameter, never
/// spliced into the text, so no path can be read as shell code.
enum BoxScript {
  /// Runs as root of a new user namespace, and PID 1 of new mount, PID, network,
  /// IPC and UTS namespaces. It mounts the box's file system from a mount table
  /// (`BoxRoot`: read-only views of the system's folders and the toolchain, a
  /// fresh `/tmp`, the test binary and its library at `/box/bin`, the run's
  /// scratch folder at `/box/work`); then it enters a second user namespace as
  /// `nobody`, which locks every mount, drops every capability, and changes root to it.
  ///
  /// Parameters: mount table, root, process count; then the command to run inside, as words.
  static let namespaced = #"""
    set -eu
    table=$1 root=$2 processes=$3
    shift 3
    mount --all --fstab "$table"
    # Linux 6.14 and later give each PID namespace its own pid_max: a cap on processes and threads.
    echo "$processes" > "$root/proc/sys/kernel/pid_max" 2>/dev/null || true
    exec unshare --user --map-user=65534 --map-group=65534 --root="$root" --wd=/box/work -- "$@"
    """#

  /// Checks that this machine lets an unprivileged process make every namespace the box uses.
  ///
  /// Parameter: an empty folder to mount a tmpfs on.
  static let probe = #"""
    set -eu
    mount -t tmpfs -o size=1m probe "$1"
    mkdir "$1/proc"
    mount -t proc proc "$1/proc"
    unshare --user --map-user=65534 --map-group=65534 true
    echo namespaces
    if echo 512 > "$1/proc/sys/kernel/pid_max" 2>/dev/null; then echo pid_max; fi
    """#
}
