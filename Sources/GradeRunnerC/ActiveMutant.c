// Which mutant a program built from a mutant schema runs (`MutantSchema`): the schema's
// code asks `grade_active_mutant()` once, and each mutated site compares the answer
// with its own number. It lives in the grader's C, never in a learner's file, so a
// test cannot switch mutants from Swift by name.
#include "GradeRunnerC.h"

#include <stdatomic.h>

/// The active mutant's number; 0, the original, until the runner says otherwise.
static _Atomic int64_t active_mutant = 0;

int64_t grade_active_mutant(void) {
  return atomic_load_explicit(&active_mutant, memory_order_acquire);
}

void grade_set_active_mutant(int64_t number) {
  atomic_store_explicit(&active_mutant, number, memory_order_release);
}
