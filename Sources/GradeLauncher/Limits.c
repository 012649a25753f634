// The limits of a run: resource limits on the program, as prlimit(1) set them before (POSIX,
// so every box sets them), and a cap on the box's processes through its PID namespace (Linux).
#define _GNU_SOURCE
#include "Launcher.h"
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__linux__)

int cap_processes(const char *proc, long processes) {
  char path[4096], text[32];
  if (snprintf(path, sizeof path, "%s/sys/kernel/pid_max", proc) >= (int)sizeof path) return -1;
  snprintf(text, sizeof text, "%ld\n", processes);
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t written = write(fd, text, strlen(text));
  close(fd);
  return written == (ssize_t)strlen(text) ? 0 : -1;
}
#endif

int set_limits(const struct limit_order *limits, int count) {
  for (int index = 0; index < count; index++) {
    struct rlimit limit = {(rlim_t)limits[index].value, (rlim_t)limits[index].value};
    if (setrlimit(limits[index].resource, &limit) != 0) {
      complain("cannot set a limit");
      return -1;
    }
  }
  return 0;
}
