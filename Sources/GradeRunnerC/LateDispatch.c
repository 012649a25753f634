// The blocks the code under test hands Dispatch (DispatchQueue.async), held back in the
// late-events run like its tasks' jobs (LateEvents.c).
//
// This dispatch_async stands in front of libdispatch's (the program's symbols come first).
// A block whose function is the program's, in the late-events run, is copied and held with
// its queue until no job of the tests is queued or running; every other block goes through
// at once. Not linked into ThreadSanitizer programs, whose own dispatch_async tells
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
    if (grade_late_hold_block(queue, copy, enqueueBlock)) return;
    enqueueBlock(queue, copy);
    return;
  }
  ((Async)grade_original(&asyncF, "dispatch_async"))(queue, block);
}
#endif
