// Real-time sleeps, reported to the runner (`Sleeps` in GradeRunner).
//
// Swift's concurrency runtime schedules every task's sleep with libdispatch's
// dispatch_after_f; the program's own dispatch_after_f stands in front of libdispatch's
// (the program's symbols come first) and tells the runner which task sleeps, if any, and
// for how long; the runner decides as the test ends whether it waited the sleep out.
// nanosleep, clock_nanosleep, usleep and sleep, which block a thread, are reported as they
// start, on whatever thread they block. The runner ignores all of it unless the task's
// tests must wait for events ("waitsForEvents").
// The shims stand in front of the C library's functions as ELF symbols do; on Linux only.
#if defined(__linux__)
#define _GNU_SOURCE
#include "GradeRunnerC.h"
#include <dlfcn.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#define SWIFTCALL __attribute__((swiftcall))
SWIFTCALL void *swift_task_getCurrent(void);

static void *afterF, *nanosleepF, *clockNanosleepF, *usleepF, *sleepF;

typedef void (*AfterF)(uint64_t, void *, void *, void (*)(void *));
void dispatch_after_f(uint64_t when, void *queue, void *context, void (*work)(void *)) {
  if (when != UINT64_MAX) {
    // libdispatch's times count nanoseconds of CLOCK_MONOTONIC, or of CLOCK_BOOTTIME with the top bit set.
    struct timespec now;
    clock_gettime(when >> 63 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now);
    long long left = (long long)(when & ~(1ULL << 63)) - ((long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    grade_watch_sleep(swift_task_getCurrent(), left < 0 ? 0 : left);
  }
  ((AfterF)grade_original(&afterF, "dispatch_after_f"))(when, queue, context, work);
}

typedef int (*Nanosleep)(const struct timespec *, struct timespec *);
int nanosleep(const struct timespec *request, struct timespec *remaining) {
  if (request) grade_blocking_sleep((long long)request->tv_sec * 1000000000LL + request->tv_nsec);
  return ((Nanosleep)grade_original(&nanosleepF, "nanosleep"))(request, remaining);
}

typedef int (*ClockNanosleep)(clockid_t, int, const struct timespec *, struct timespec *);
int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
  if (request && !(flags & TIMER_ABSTIME)) grade_blocking_sleep((long long)request->tv_sec * 1000000000LL + request->tv_nsec);
  return ((ClockNanosleep)grade_original(&clockNanosleepF, "clock_nanosleep"))(clock, flags, request, remaining);
}

typedef int (*Usleep)(useconds_t);
int usleep(useconds_t microseconds) {
  grade_blocking_sleep((long long)microseconds * 1000LL);
  return ((Usleep)grade_original(&usleepF, "usleep"))(microseconds);
}

typedef unsigned (*Sleep)(unsigned);
unsigned sleep(unsigned seconds) {
  grade_blocking_sleep((long long)seconds * 1000000000LL);
  return ((Sleep)grade_original(&sleepF, "sleep"))(seconds);
}
#endif
