// What this machine lets the box do (Isolation.probe), found out by doing it.
//
// Runs as the box's PID 1, inside the same namespaces as a real run, and does each step
// that needs the kernel's leave on an empty folder: a tmpfs, a /proc, the process cap and
// the second user namespace. It prints `namespaces` when all a run needs works, and
// `pid_max` when the process cap does too.
#define _GNU_SOURCE
#include "Launcher.h"
#if defined(__linux__)
#include <stdio.h>
#include <sys/stat.h>

int probe(const char *folder) {
  char proc[4096];
  if (snprintf(proc, sizeof proc, "%s/proc", folder) >= (int)sizeof proc) return -1;
  if (mount_scratch(folder, 1 << 20) != 0 || mkdir(proc, 0755) != 0 || mount_processes(proc) != 0) {
    complain("cannot mount in the box");
    return -1;
  }
  // The cap needs the box's root, so it is tried before the second namespace drops it.
  int capped = cap_processes(proc, 512) == 0;
  if (enter_nobody_namespace() != 0) return -1;
  printf("namespaces\n%s", capped ? "pid_max\n" : "");
  return fflush(stdout) == 0 ? 0 : -1;
}

#endif
