// Real-time sleeps, reported to the runner (`Sleeps` in GradeRunner).
//
// Swift's concurrency runtime schedules every task's sleep with libdispatch's
// dispatch_after_f; the program's own dispatch_after_f stands in front of libdispatch's
// (the program's symbols come first) and tells the runner which task sleeps, if any, and
// for how long; the runner decides as the test ends whether it waited the sleep out.
// nanosleep, clock_nanosleep, usleep and sleep, which block a thread, are reported as they
// start, on whatever thread they block, unless libdispatch itself makes them: when its
// threads contend for a queue it backs off with usleep (500 µs, doubling up to 64 ms),
// which no test asked for and which a busy machine can stretch past any threshold.
// The runner ignores all of it unless the task's tests must wait for events
// ("waitsForEvents").
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

// Whether the code at `caller` is libdispatch's own: the library that holds
// dispatch_after_f's original is libdispatch, when that is not this program itself.
static int fromDispatch(const void *caller) {
  Dl_info callerInfo, dispatchInfo, ownInfo;
  void *dispatch = grade_original(&afterF, "dispatch_after_f");
  return dispatch && dladdr(caller, &callerInfo) && dladdr(dispatch, &dispatchInfo)
    && dladdr((const void *)fromDispatch, &ownInfo) && dispatchInfo.dli_fbase != ownInfo.dli_fbase
    && callerInfo.dli_fbase == dispatchInfo.dli_fbase;
}

// Reports a blocking sleep unless libdispatch makes it; `caller` is the shim's return address.
static void blocking(const void *caller, long long nanoseconds) {
  if (!fromDispatch(caller)) grade_blocking_sleep(nanoseconds);
}

typedef void (*AfterF)(uint64_t, void *, void *, void (*)(void *));
void dispatch_after_f(uint64_t when, void *queue, void *context, void (*work)(void *)) {
  if (when != UINT64_MAX) {
    // libdispatch's times count nanoseconds of CLOCK_MONOTONIC, or of CLOCK_BOOTTIME with the top bit set.
    // The deadline goes to the runner on CLOCK_MONOTONIC, as it reads the time when the test
    // ends: computed here from `when` itself, never from a later "now" that a busy machine
    // can push past the moment the sleep really ends.
    struct timespec now, monotonic;
    clock_gettime(when >> 63 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now);
    clock_gettime(CLOCK_MONOTONIC, &monotonic);
    long long left = (long long)(when & ~(1ULL << 63)) - ((long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    if (left < 0) left = 0;
    grade_watch_sleep(swift_task_getCurrent(), left, (long long)monotonic.tv_sec * 1000000000LL + monotonic.tv_nsec + left);
  }
  // In the late-events run a sleeping task wakes through the gate (LateEvents.c).
  work = (void (*)(void *))grade_late_timer(context, (void *)work);
  ((AfterF)grade_original(&afterF, "dispatch_after_f"))(when, queue, context, work);
}

typedef int (*Nanosleep)(const struct timespec *, struct timespec *);
int nanosleep(const struct timespec *request, struct timespec *remaining) {
  if (request) blocking(__builtin_return_address(0), (long long)request->tv_sec * 1000000000LL + request->tv_nsec);
  return ((Nanosleep)grade_original(&nanosleepF, "nanosleep"))(request, remaining);
}

typedef int (*ClockNanosleep)(clockid_t, int, const struct timespec *, struct timespec *);
int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
  if (request && !(flags & TIMER_ABSTIME)) blocking(__builtin_return_address(0), (long long)request->tv_sec * 1000000000LL + request->tv_nsec);
  return ((ClockNanosleep)grade_original(&clockNanosleepF, "clock_nanosleep"))(clock, flags, request, remaining);
}

typedef int (*Usleep)(useconds_t);
int usleep(useconds_t microseconds) {
  blocking(__builtin_return_address(0), (long long)microseconds * 1000LL);
  return ((Usleep)grade_original(&usleepF, "usleep"))(microseconds);
}

typedef unsigned (*Sleep)(unsigned);
unsigned sleep(unsigned seconds) {
  blocking(__builtin_return_address(0), (long long)seconds * 1000000000LL);
  return ((Sleep)grade_original(&sleepF, "sleep"))(seconds);
}
#endif
