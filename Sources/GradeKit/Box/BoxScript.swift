/// The shell scripts that set a box up before the test binary starts.
///
/// They are shell rather than Swift because the set-up happens between fork
/// and exec, in a process that has unshared its namespaces, which Swift's
/// `posix_spawn` cannot do; util-linux's `unshare`, `mount` and `prlimit` make
/// the same system calls. Every value arrives as a positional parameter, never
/// spliced into the text, so no path can be read as shell code.
enum BoxScript {
  /// Runs as root of a new user namespace, and PID 1 of new mount, PID, network,
  /// IPC and UTS namespaces. It builds a root file system on a tmpfs from
  /// read-only views of the system's folders and the toolchain, a fresh `/tmp`,
  /// the test binary and its library at `/box/bin`, the run's scratch folder at
  /// `/box/work`; then it enters a second user namespace as `nobody`, which
  /// locks every mount, drops every capability, and changes root to it.
  ///
  /// Parameters: root, work, binary, library (or empty), toolchain folder,
  /// tmp bytes, process count; then the command to run inside, as words.
  static let namespaced = #"""
    set -eu
    root=$1 work=$2 binary=$3 library=$4 toolchain=$5 tmpbytes=$6 processes=$7
    shift 7
    mount -t tmpfs -o size=16m,mode=755 box "$root"
    mkdir -p "$root/usr" "$root/etc" "$root/dev" "$root/proc" "$root/tmp" "$root/box/bin" "$root/box/work"
    mount --bind -o ro /usr "$root/usr"
    for name in bin lib lib32 lib64 libx32 sbin; do
      if [ -L "/$name" ]; then ln -s "$(readlink "/$name")" "$root/$name"
      elif [ -d "/$name" ]; then mkdir "$root/$name"; mount --rbind -o ro "/$name" "$root/$name"; fi
    done
    for name in ld.so.cache ld.so.conf localtime passwd group nsswitch.conf; do
      if [ -f "/etc/$name" ]; then touch "$root/etc/$name"; mount --bind -o ro "/etc/$name" "$root/etc/$name"; fi
    done
    case "$toolchain" in
      /usr|/usr/*) ;;
      *) mkdir -p "$root$toolchain"; mount --bind -o ro "$toolchain" "$root$toolchain" ;;
    esac
    for name in null zero full random urandom; do
      touch "$root/dev/$name"; mount --bind "/dev/$name" "$root/dev/$name"
    done
    ln -s /proc/self/fd "$root/dev/fd"
    ln -s /proc/self/fd/0 "$root/dev/stdin"
    ln -s /proc/self/fd/1 "$root/dev/stdout"
    ln -s /proc/self/fd/2 "$root/dev/stderr"
    mkdir "$root/dev/shm"
    mount -t tmpfs -o size=16m,mode=1777 shm "$root/dev/shm"
    mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
    # Linux 6.14 and later give each PID namespace its own pid_max: a cap on processes and threads.
    echo "$processes" > "$root/proc/sys/kernel/pid_max" 2>/dev/null || true
    mount -t tmpfs -o "size=$tmpbytes,mode=1777" tmp "$root/tmp"
    touch "$root/box/bin/tests"
    mount --bind -o ro "$binary" "$root/box/bin/tests"
    if [ -n "$library" ]; then
      touch "$root/box/bin/${library##*/}"
      mount --bind -o ro "$library" "$root/box/bin/${library##*/}"
    fi
    mount --bind "$work" "$root/box/work"
    mount -o remount,bind,ro "$root"
    exec unshare --user --map-user=65534 --map-group=65534 --root="$root" --wd=/box/work -- "$@"
    """#

  /// Runs where namespaces are not available: the binary and its library are
  /// copied into the run's folder (never linked, so a test cannot change the
  /// built copy), and the command runs from its scratch folder.
  ///
  /// Parameters: run folder, binary, library (or empty); then the command, as words.
  static let plain = #"""
    set -eu
    run=$1 binary=$2 library=$3
    shift 3
    mkdir -p "$run/bin" "$run/work"
    cp "$binary" "$run/bin/tests"
    if [ -n "$library" ]; then cp "$library" "$run/bin/"; fi
    cd "$run/work"
    exec "$@"
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
