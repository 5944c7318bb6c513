/*
 * wf_global_executor.h - the Swift runtime's hooks for its global executor, so
 * that a process can run the global jobs (nonisolated async code, `Task {}`
 * without an actor) on threads of its own instead of libdispatch's pool.
 *
 * Why: libdispatch on Linux starts a 1 s workqueue monitor timer the first
 * time a non-overcommit pool worker registers, and never cancels it
 * (swift-corelibs-libdispatch, src/event/workqueue.c, _dispatch_workq_init_once
 * from _dispatch_workq_worker_register): one wake-up a second for the life of
 * the process. The Swift concurrency runtime's default global executor is
 * that pool.
 *
 * The hooks are the runtime's exported variables swift_task_enqueueGlobal_hook,
 * swift_task_enqueueGlobalWithDelay_hook and swift_task_enqueueGlobalWithDeadline_hook
 * (swift, include/swift/Runtime/Concurrency.h and stdlib/public/Concurrency/
 * ConcurrencyHooks.cpp), which swift-async-algorithms (AsyncSequenceValidation)
 * and swift-nio install the same way. They and swift_job_run use the Swift
 * calling convention; wf_global_executor.c declares them so and calls a plain
 * C function pointer, which Swift can provide.
 */
#ifndef WF_GLOBAL_EXECUTOR_H
#define WF_GLOBAL_EXECUTOR_H

#ifdef __cplusplus
extern "C" {
#endif

/* A job of the Swift runtime (swift::Job), opaque here. */
typedef struct WFJob *wf_job_t;

/* Takes `job`, to be run `delay_ns` nanoseconds from now (0: at once) on the
 * process's own threads. Returns 0 when it cannot (no thread could be
 * started): the runtime's default executor then gets the job. */
typedef int (*wf_global_enqueue_fn)(wf_job_t job, unsigned long long delay_ns);

/* Routes every global job the runtime enqueues from now on to `enqueue`. Call
 * it before the first job reaches the global executor; it is never undone. */
void wf_global_executor_install(wf_global_enqueue_fn enqueue);

/* Runs `job` on the calling thread as the default global executor does:
 * swift_job_run with the generic executor. */
void wf_job_run_generic(wf_job_t job);

#ifdef __cplusplus
}
#endif

#endif
