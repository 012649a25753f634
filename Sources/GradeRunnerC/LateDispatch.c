// What Dispatch runs for the code under test, held back in the late-events run like its
// tasks' jobs (LateEvents.c): the blocks it hands Dispatch (DispatchQueue.async), and the
// main actor's jobs, which the concurrency runtime hands the main queue with dispatch_async_f.
//
// These two stand in front of libdispatch's (the program's symbols come first). In the
// late-events run, a block whose function is the program's is copied and held with its
// queue until no job of the tests is queued or running; a main-actor job is sorted like
// any other job, held when it is the world's and counted while it runs when it is not.
// Everything else goes through at once. Not linked into ThreadSanitizer programs, whose own dispatch_async tells
// ThreadSanitizer that the block happens after the call: standing in front of it would hide that.
#if defined(__linux__)
#define _GNU_SOURCE
#include "GradeRunnerC.h"
#include <stddef.h>

void *_Block_copy(const void *block);
void _Block_release(const void *block);
void dispatch_retain(void *object);
void dispatch_release(void *object);
typedef void (*Async)(void *queue, void *block);
static void *asyncF;

// Hands a held block to its queue, then lets go of the copy and the queue.
static void enqueueBlock(void *queue, void *block) {
  ((Async)grade_original(&asyncF, "dispatch_async"))(queue, block);
  _Block_release(block);
  dispatch_release(queue);
}

void dispatch_async(void *queue, void *block) {
  // A block's function follows its class pointer and two 32-bit words.
  if (queue && block && grade_late_is_world(*(void **)((char *)block + 16))) {
    void *copy = _Block_copy(block);
    dispatch_retain(queue);
    if (grade_late_hold(queue, copy, enqueueBlock)) return;
    enqueueBlock(queue, copy);
    return;
  }
  ((Async)grade_original(&asyncF, "dispatch_async"))(queue, block);
}

typedef void (*AsyncF)(void *queue, void *context, void (*work)(void *));
static void *asyncFF;
// The runtime's function that runs a main-actor job, as it last handed one over.
static void (*mainWork)(void *);
extern char _dispatch_main_q[];

static void runCounted(void *job) {
  mainWork(job);
  grade_late_finished();
}

static void enqueueMainJob(void *queue, void *job) { ((AsyncF)grade_original(&asyncFF, "dispatch_async_f"))(queue, job, mainWork); }

void dispatch_async_f(void *queue, void *context, void (*work)(void *)) {
  AsyncF original = (AsyncF)grade_original(&asyncFF, "dispatch_async_f");
  if (grade_late_on() && queue == (void *)_dispatch_main_q && context && grade_late_is_runtime((const void *)work)) {
    __atomic_store_n(&mainWork, work, __ATOMIC_RELEASE);
    if (grade_late_is_world_job(context)) {
      if (!grade_late_hold(queue, context, enqueueMainJob)) original(queue, context, work);
      return;
    }
    grade_late_count();
    original(queue, context, runCounted);
    return;
  }
  original(queue, context, work);
}
#endif
