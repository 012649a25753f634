// The box's launcher (Launcher.h): the steps of one run, in the order they must come.
//
// Usage, every value one argument:
//   GradeLauncher [--nobody] [--limit NAME VALUE]... [--env NAME=VALUE]...
//                 [--root FOLDER --workdir PATH [--processes N] [MOUNT]...] -- PROGRAM [ARGUMENT]...
//   GradeLauncher [--nobody] --probe FOLDER
// where MOUNT is --view SOURCE TARGET, --tree SOURCE TARGET, --device SOURCE TARGET,
// --scratch TARGET BYTES, --proc TARGET or --link PATH TARGET, each TARGET of a mount and
// each PATH a path inside the box, and NAME one
// of as, fsize, nofile, core, cpu. Without --root the program runs with the limits and the
// environment alone, in the folder it was started in: the portable box (BoxKind.portable), and
// on macOS the Darwin box, whose program is sandbox-exec. Only that use is built off Linux.
#define _GNU_SOURCE
#include "Launcher.h"
#include <stdio.h>
#include <stdlib.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

void complain(const char *what) { fprintf(stderr, "GradeLauncher: %s: %s\n", what, strerror(errno)); }

#if defined(__linux__)
// Makes the box inside the namespaces: its file system, its process cap, its user, its root.
static int make_box(const struct orders *orders) {
  if (make_root(orders->root, orders) != 0) return -1;
  // The cap is the kernel's to give: an older kernel runs without it, as Isolation.processLimit says.
  if (orders->processes > 0) {
    char proc[4096];
    if (snprintf(proc, sizeof proc, "%s/proc", orders->root) >= (int)sizeof proc) return -1;
    (void)cap_processes(proc, orders->processes);
  }
  // The second namespace comes last: after it, nothing here may mount or lift a limit.
  if (enter_nobody_namespace() != 0) return -1;
  if (chroot(orders->root) != 0) {
    complain("cannot change root to the box");
    return -1;
  }
  if (chdir(orders->workdir) != 0) {
    complain("cannot enter the box's working folder");
    return -1;
  }
  return 0;
}

// Takes the steps only Linux has: nobody, the probe, the namespaces and the box; 1 when the
// probe ran (its status in *status), 0 to go on, -1 on failure.
static int linux_steps(const struct orders *orders, int *status) {
  if (orders->nobody && become_nobody() != 0) return -1;
  if (orders->probe) {
    if (enter_namespaces() != 0 || fork_box() != 0) return -1;
    *status = probe(orders->probe) == 0 ? 0 : LAUNCHER_FAILED;
    return 1;
  }
  if (orders->root && (enter_namespaces() != 0 || fork_box() != 0 || make_box(orders) != 0)) return -1;
  return 0;
}
#else
// Off Linux there are no namespaces to make, so the orders that need them are refused.
static int linux_steps(const struct orders *orders, int *status) {
  (void)status;
  if (orders->nobody || orders->probe || orders->root) {
    fputs("GradeLauncher: --nobody, --probe and --root need Linux's namespaces, and this system has none\n", stderr);
    return -1;
  }
  return 0;
}
#endif

int main(int argc, char **argv) {
  struct orders orders;
  if (read_orders(argc, argv, &orders) != 0) return LAUNCHER_USAGE;
  int status = 0;
  int stepped = linux_steps(&orders, &status);
  if (stepped < 0) return LAUNCHER_FAILED;
  if (stepped > 0) return status;
  // The limits come last, so they bind the program alone and never the set-up above.
  if (set_limits(orders.limits, orders.limit_count) != 0) return LAUNCHER_FAILED;
  execve(orders.program[0], orders.program, orders.environment);
  complain("cannot start the program");
  return errno == ENOENT ? 127 : 126;
}
