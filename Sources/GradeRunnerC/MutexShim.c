// Synchronization.Mutex's slow path, made visible to ThreadSanitizer; linked into
// ThreadSanitizer programs only.
//
// Mutex's fast path is inlined into the learner's code and instrumented, but when threads
// contend it calls _lockSlow and _unlockSlow in the toolchain's library, which is not, so
// ThreadSanitizer misses the lock and reports a race on the state it guards: a correct
// Mutex answer failed. These two functions stand in front of the library's (the
// program's symbols come first), call them, and mark the lock's acquire and release on
// its address, which the fast path uses too. A race on state the Mutex does not guard is
// still reported.
// ThreadSanitizer builds are graded on Linux only.
#if defined(__linux__)
#define _GNU_SOURCE
#include "GradeRunnerC.h"
#include <dlfcn.h>
#define SWIFTCALL __attribute__((swiftcall))
#define SELF __attribute__((swift_context))
void __tsan_acquire(void *address);
void __tsan_release(void *address);
#define LOCK "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"
typedef SWIFTCALL void (*LockSlow)(unsigned int, void *SELF);
typedef SWIFTCALL void (*UnlockSlow)(void *SELF);
SWIFTCALL void grade_lockSlow(unsigned int value, void *SELF handle) __asm__(LOCK);
SWIFTCALL void grade_unlockSlow(void *SELF handle) __asm__(UNLOCK);

static void *lockSlow, *unlockSlow;

SWIFTCALL void grade_lockSlow(unsigned int value, void *SELF handle) {
  ((LockSlow)grade_original(&lockSlow, LOCK))(value, handle);
  __tsan_acquire(handle);
}

SWIFTCALL void grade_unlockSlow(void *SELF handle) {
  __tsan_release(handle);
  ((UnlockSlow)grade_original(&unlockSlow, UNLOCK))(handle);
}
#endif
