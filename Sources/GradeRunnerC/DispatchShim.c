// What libdispatch's thread-pool monitor reads of /proc, which a confined run may not read.
//
// Once a second, while work waits on a global queue, libdispatch opens /proc/<tid>/stat
// of each of its worker threads to count the runnable ones, and stops the process when
// an open fails. Confinement.c hides /proc, which would also show a test the program's
// mappings and memory, so this open stands in front of the C library's (the program's
// symbols come first) and answers that one question with a pipe holding a line that
// says the thread sleeps. libdispatch then adds a worker when work waits, as it does
// when every worker is blocked. Every other open goes through unchanged.
// Only Linux's libdispatch reads /proc.
#if defined(__linux__)
#define _GNU_SOURCE
#include "GradeRunnerC.h"
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

// Whether `path` is /proc/<digits>/stat.
static int is_thread_stat(const char *path) {
  static const char prefix[] = "/proc/";
  if (!path || strncmp(path, prefix, sizeof prefix - 1) != 0) return 0;
  const char *cursor = path + sizeof prefix - 1;
  if (*cursor < '0' || *cursor > '9') return 0;
  while (*cursor >= '0' && *cursor <= '9') cursor++;
  return strcmp(cursor, "/stat") == 0;
}

// A descriptor that reads as a stat line of a sleeping thread, then ends.
static int sleeping_thread_stat(void) {
  static const char line[] = "0 (worker) S\n";
  int ends[2];
  if (pipe2(ends, O_CLOEXEC) != 0) return -1;
  ssize_t written = write(ends[1], line, sizeof line - 1);
  close(ends[1]);
  if (written != (ssize_t)(sizeof line - 1)) {
    close(ends[0]);
    return -1;
  }
  return ends[0];
}

static void *openF;
typedef int (*Open)(const char *, int, ...);
int open(const char *path, int flags, ...) {
  mode_t mode = 0;
  if (flags & (O_CREAT | __O_TMPFILE)) {
    va_list arguments;
    va_start(arguments, flags);
    mode = (mode_t)va_arg(arguments, int);
    va_end(arguments);
  }
  if (is_thread_stat(path)) return sleeping_thread_stat();
  return ((Open)grade_original(&openF, "open"))(path, flags, mode);
}
#endif
