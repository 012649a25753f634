// The C half of the program inside the box: what the grader's runner (`GradeRunner`)
// cannot do in Swift. The grader compiles these files into every graded program; SwiftPM
// compiles them too, as the target `GradeRunnerC`, so the build checks them.
#ifndef GRADE_RUNNER_C_H
#define GRADE_RUNNER_C_H

#include <stdint.h>

/// Confines the calling process, and every thread and child it starts later, to the
/// `count` paths in `paths`, each used as `uses` says (`RunOrders.Use`'s raw values), and
/// to the system calls a graded run needs (`Confinement.c`). Call it while the process has
/// one thread. Returns 0; 1 when the kernel has no Landlock, so that only the system calls
/// are confined; or the number of the step that failed, and the caller must then not run
/// the tests.
int grade_confine(const char *const *paths, const int32_t *uses, int32_t count);

/// Defined by the runner in Swift: registers a sleep that starts now on `task` (NULL on a
/// thread outside any task), for `nanoseconds`, ending at `deadline` in nanoseconds of
/// CLOCK_MONOTONIC.
long grade_watch_sleep(void *task, long long nanoseconds, long long deadline);

/// Defined by the runner in Swift: a sleep that blocks its thread for `nanoseconds`.
void grade_blocking_sleep(long long nanoseconds);

/// Starts the late-events run (`LateEvents.c`): from now on the code under test's jobs wait
/// until no job of the tests is queued or running. Call it before the tests load. Returns 0,
/// or 1 when this program cannot find itself.
int grade_late_events_start(void);

/// Whether the late-events run is on.
int grade_late_on(void);

/// Whether `code` is the code under test's, in the late-events run: a block that runs it is held.
int grade_late_is_world(const void *code);

/// Whether the concurrency runtime's `job` resumes the code under test, in the late-events run.
int grade_late_is_world_job(void *job);

/// Whether `code` is the concurrency runtime's.
int grade_late_is_runtime(const void *code);

/// Holds `item` for `queue` while a job of the tests is queued or running; 1 when it was
/// held, and `enqueue` then hands it to the queue later.
int grade_late_hold(void *queue, void *item, void (*enqueue)(void *queue, void *item));

/// Counts a job of the tests as queued, until `grade_late_finished` says it ran.
void grade_late_count(void);

/// Says a counted job ran: when it was the last, the held jobs go.
void grade_late_finished(void);

/// The function a timer scheduled with dispatch_after_f runs with `context`: `work` itself,
/// or, in the late-events run, one that hands the runtime's job to the late-events gate.
void *grade_late_timer(void *context, void *work);

/// The function named `name` that the calling shim stands in front of, found once and kept in `slot`.
void *grade_original(void **slot, const char *name);

/// The number of the mutant a program built from a mutant schema runs, 0 for the original
/// code (`ActiveMutant.c`). The schema reads it once, before its first mutated site runs.
int64_t grade_active_mutant(void);

/// Makes `number` the active mutant: call it before any code of the schema runs.
void grade_set_active_mutant(int64_t number);

#endif
