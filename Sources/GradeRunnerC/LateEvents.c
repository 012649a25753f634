// Events delivered late, by machine: the late-events run of a task whose tests must wait
// for events (`RunOrders.lateEvents`).
//
// Every job Swift's concurrency runtime schedules on the global executor passes through its
// enqueue hook; a sleeping task's wake-up passes through dispatch_after_f (WaitShim.c); the
// main actor's jobs, which this runtime hands the main queue itself, past its main-executor
// hook (kept for a runtime that uses it), and every block handed to Dispatch pass through
// dispatch_async_f and dispatch_async (LateDispatch.c). Each job is sorted by the code it
// resumes: the first frame of its task's chain of async frames that lies in this program
// or in the tests library. A job that resumes the program's code is the code under test
// moving (its tasks, its callbacks, its main-actor work, the blocks it hands Dispatch): the
// world. Every other job is the tests' (or Swift Testing's) and is counted while it is
// queued or running.
//
// The world moves only while no counted job is queued or running: while every test is
// suspended on something. A test that waits for the event itself (a continuation, a
// confirmation, a stream, a task's value) suspends, the world moves, and the test passes,
// just later. A test that waits for time on its thread (a blocking sleep, a semaphore or
// condition with a timeout, a run loop run until a date, a loop that reads the clock) keeps
// its job running, so the world stands still until its wait is over, and the event it
// checks for has not come. A test that suspends on a timer (Task.sleep) lets the world
// move: Sleeps.swift names that wait as it ends.
// Linux only, like the other shims.
#if defined(__linux__)
#define _GNU_SOURCE
#include "GradeRunnerC.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SWIFTCALL __attribute__((swiftcall))
typedef SWIFTCALL void (*Enqueue)(void *job);
typedef SWIFTCALL void (*EnqueueHook)(void *job, Enqueue original);
extern EnqueueHook swift_task_enqueueGlobal_hook;
extern EnqueueHook swift_task_enqueueMainExecutor_hook;
SWIFTCALL void swift_job_run(void *job, void *identity, uintptr_t implementation);
typedef struct {
  void *identity;
  uintptr_t implementation;
} Executor;
SWIFTCALL Executor swift_task_getMainExecutor(void);
void dispatch_async_f(void *queue, void *context, void (*work)(void *));
void *dispatch_get_global_queue(long identifier, unsigned long flags);
extern char _dispatch_main_q[];

// A job's fields, from the Swift runtime's ABI (include/swift/ABI/Task.h), 64-bit: the
// flags word (kind in the low byte, 0 for a task), the function that resumes a task, and
// the context it resumes with. An async frame's context starts with its parent's context
// and the function that resumes the parent; a task's first context, which has no parent,
// follows a prefix whose last-but-two word is the function the task starts with.
enum { FLAGS = 32, RESUME = 56, CONTEXT = 64, DEPTH = 64 };

static int on;
static const void *programBase;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
// Counted jobs queued or running.
static long busy;
// The world's jobs held back, each with the enqueue it was given; or a block, with its queue.
static struct Held {
  void *job;
  Enqueue enqueue;
  void *queue;
  void (*enqueueBlock)(void *queue, void *block);
} *held;
// Whether held jobs are being let go now: the world keeps its order while they are.
static int releasing;
static size_t heldCount, heldCapacity;
// The enqueue of a world job that a timer wakes.
static Enqueue globalOriginal;

// 1 when `code` lies in this program, 2 in the tests library, 0 elsewhere.
static int owner(const void *code) {
  Dl_info info;
  if (!code || !dladdr(code, &info)) return 0;
  if (info.dli_fbase == programBase) return 1;
  const char *name = info.dli_fname ? strrchr(info.dli_fname, '/') : NULL;
  return name && strcmp(name + 1, "libGradeTests.so") == 0 ? 2 : 0;
}

// Whether `job` resumes the code under test: its innermost frame in the program or the tests is the program's.
static int isWorld(void *job) {
  uint32_t flags = *(uint32_t *)((char *)job + FLAGS);
  if ((flags & 0xff) != 0) return 0;
  const void *code = *(void **)((char *)job + RESUME);
  void **context = *(void ***)((char *)job + CONTEXT);
  for (int depth = 0; depth < DEPTH; depth++) {
    int found = owner(code);
    if (found) return found == 1;
    if (!context) return 0;
    // A task's first context has no parent: the runtime's adapter that starts the task resumes
    // it, and the task's own function sits in the prefix just before it.
    code = context[0] ? context[1] : context[-3];
    context = context[0] ? (void **)context[0] : NULL;
  }
  return 0;
}

// Lets the held jobs go, oldest first, while nothing counted is queued or running; one caller at a time.
static void releaseHeld(void) {
  pthread_mutex_lock(&lock);
  if (releasing) {
    pthread_mutex_unlock(&lock);
    return;
  }
  releasing = 1;
  while (busy == 0 && heldCount > 0) {
    struct Held *jobs = held;
    size_t count = heldCount;
    held = NULL;
    heldCount = heldCapacity = 0;
    pthread_mutex_unlock(&lock);
    for (size_t index = 0; index < count; index++) {
      if (jobs[index].queue) jobs[index].enqueueBlock(jobs[index].queue, jobs[index].job);
      else jobs[index].enqueue(jobs[index].job);
    }
    free(jobs);
    pthread_mutex_lock(&lock);
  }
  releasing = 0;
  pthread_mutex_unlock(&lock);
}

// Ends a counted job: when it was the last, the world moves.
static void finished(void) {
  pthread_mutex_lock(&lock);
  int idle = --busy == 0 && heldCount > 0;
  pthread_mutex_unlock(&lock);
  if (idle) releaseHeld();
}

static void runGlobal(void *job) {
  swift_job_run(job, NULL, 0);
  finished();
}

static void runMain(void *job) {
  Executor main = swift_task_getMainExecutor();
  swift_job_run(job, main.identity, main.implementation);
  finished();
}

// Holds a world job while anything counted is queued or running, or older world jobs wait;
// 1 when it was held.
static int hold(void *job, Enqueue enqueue, void *queue, void (*enqueueBlock)(void *, void *)) {
  pthread_mutex_lock(&lock);
  int holding = busy > 0 || heldCount > 0 || releasing;
  if (holding) {
    if (heldCount == heldCapacity) {
      size_t capacity = heldCapacity ? heldCapacity * 2 : 64;
      struct Held *grown = realloc(held, capacity * sizeof *grown);
      if (!grown) holding = 0;
      else {
        held = grown;
        heldCapacity = capacity;
      }
    }
    if (holding) held[heldCount++] = (struct Held){job, enqueue, queue, enqueueBlock};
  }
  pthread_mutex_unlock(&lock);
  return holding;
}

static void count(void) {
  pthread_mutex_lock(&lock);
  busy++;
  pthread_mutex_unlock(&lock);
}

static SWIFTCALL void enqueueGlobal(void *job, Enqueue original) {
  if (isWorld(job)) {
    if (!hold(job, original, NULL, NULL)) original(job);
    return;
  }
  count();
  dispatch_async_f(dispatch_get_global_queue(0, 0), job, runGlobal);
}

static SWIFTCALL void enqueueMain(void *job, Enqueue original) {
  if (isWorld(job)) {
    if (!hold(job, original, NULL, NULL)) original(job);
    return;
  }
  count();
  dispatch_async_f(_dispatch_main_q, job, runMain);
}

// A sleeping task's wake-up, when its timer fires: enqueued like any other job.
static void wake(void *job) { enqueueGlobal(job, globalOriginal); }

int grade_late_on(void) { return __atomic_load_n(&on, __ATOMIC_ACQUIRE); }

int grade_late_is_world(const void *code) { return grade_late_on() && owner(code) == 1; }

int grade_late_is_world_job(void *job) { return grade_late_on() && isWorld(job); }

int grade_late_is_runtime(const void *code) {
  Dl_info codeInfo, runtimeInfo;
  return code && dladdr(code, &codeInfo) && dladdr((const void *)swift_job_run, &runtimeInfo)
    && codeInfo.dli_fbase == runtimeInfo.dli_fbase;
}

int grade_late_hold(void *queue, void *item, void (*enqueue)(void *queue, void *item)) {
  return hold(item, NULL, queue, enqueue);
}

void grade_late_count(void) { count(); }

void grade_late_finished(void) { finished(); }

void *grade_late_timer(void *context, void *work) {
  // Only the runtime's own timers carry a job: theirs is libswift_Concurrency's function.
  if (!grade_late_on() || !context || !grade_late_is_runtime(work)) return work;
  return (void *)wake;
}

static void runWorld(void *job) { swift_job_run(job, NULL, 0); }

// Enqueues a world job on the global executor's queue, uncounted: for a timer's job, which came with no enqueue.
static SWIFTCALL void enqueueWorld(void *job) { dispatch_async_f(dispatch_get_global_queue(0, 0), job, runWorld); }

int grade_late_events_start(void) {
  Dl_info info;
  if (!dladdr((const void *)grade_late_events_start, &info)) return 1;
  programBase = info.dli_fbase;
  globalOriginal = enqueueWorld;
  swift_task_enqueueGlobal_hook = enqueueGlobal;
  swift_task_enqueueMainExecutor_hook = enqueueMain;
  __atomic_store_n(&on, 1, __ATOMIC_RELEASE);
  return 0;
}
#endif
