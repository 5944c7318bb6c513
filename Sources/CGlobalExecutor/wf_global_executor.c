#include "wf_global_executor.h"

#include <stdint.h>

#define WF_SWIFTCALL __attribute__((swiftcall))

/* swift::SerialExecutorRef: an identity and an implementation word; both zero
 * is the generic executor (SerialExecutorRef::generic()). */
struct wf_serial_executor_ref {
    void *identity;
    uintptr_t implementation;
};

typedef WF_SWIFTCALL void (*wf_enqueue_original)(wf_job_t);
typedef WF_SWIFTCALL void (*wf_delay_original)(unsigned long long, wf_job_t);
typedef WF_SWIFTCALL void (*wf_deadline_original)(long long, long long, long long, long long, int, wf_job_t);

extern WF_SWIFTCALL void (*swift_task_enqueueGlobal_hook)(wf_job_t, wf_enqueue_original);
extern WF_SWIFTCALL void (*swift_task_enqueueGlobalWithDelay_hook)(unsigned long long, wf_job_t, wf_delay_original);
extern WF_SWIFTCALL void (*swift_task_enqueueGlobalWithDeadline_hook)(long long, long long, long long, long long, int,
                                                                      wf_job_t, wf_deadline_original);
extern WF_SWIFTCALL void swift_job_run(wf_job_t, struct wf_serial_executor_ref);
/* The runtime's reading of its clocks (swift_clock_id: 1 continuous, 2 suspending), the ones a
 * deadline is given on. */
extern WF_SWIFTCALL void swift_get_time(long long *seconds, long long *nanoseconds, int clock);

static wf_global_enqueue_fn installed;

static WF_SWIFTCALL void enqueue_hook(wf_job_t job, wf_enqueue_original original) {
    if (!installed(job, 0)) original(job);
}

static WF_SWIFTCALL void delay_hook(unsigned long long delay, wf_job_t job, wf_delay_original original) {
    if (!installed(job, delay)) original(delay, job);
}

static WF_SWIFTCALL void deadline_hook(long long sec, long long nsec, long long tsec, long long tnsec, int clock,
                                       wf_job_t job, wf_deadline_original original) {
    long long now_sec = 0, now_nsec = 0;
    swift_get_time(&now_sec, &now_nsec, clock);
    /* The runtime's deadlines are a clock reading plus a duration; no overflow is possible for
     * them, but a far deadline is clamped rather than trusted. */
    unsigned long long delay = 0;
    if (sec > now_sec || (sec == now_sec && nsec > now_nsec)) {
        long long seconds = sec - now_sec;
        if (seconds >= 1000000000LL) {
            delay = UINT64_MAX;
        } else {
            delay = (unsigned long long)(seconds * 1000000000LL + (nsec - now_nsec));
        }
    }
    (void)tsec;
    (void)tnsec;
    if (!installed(job, delay)) original(sec, nsec, tsec, tnsec, clock, job);
}

void wf_global_executor_install(wf_global_enqueue_fn enqueue) {
    installed = enqueue;
    swift_task_enqueueGlobal_hook = enqueue_hook;
    swift_task_enqueueGlobalWithDelay_hook = delay_hook;
    swift_task_enqueueGlobalWithDeadline_hook = deadline_hook;
}

void wf_job_run_generic(wf_job_t job) {
    struct wf_serial_executor_ref generic = {0, 0};
    swift_job_run(job, generic);
}
