#ifndef LARDER_CLINUXSCHEDULING_SHIM_H
#define LARDER_CLINUXSCHEDULING_SHIM_H
#if defined(__linux__)
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

/// The kernel's `struct sched_attr` as of its first version (48 bytes, `SCHED_ATTR_SIZE_VER0`):
/// Glibc before 2.41 declares neither it nor `sched_setattr(2)`, and Swift cannot call the
/// variadic `syscall(2)` itself.
struct larder_sched_attr {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    /// For `SCHED_OTHER` and `SCHED_BATCH` since Linux 6.12: the thread's time slice in
    /// nanoseconds (0.1-100 ms; 0: the default). Older kernels ignore it.
    uint64_t sched_runtime;
    uint64_t sched_deadline;
    uint64_t sched_period;
};

/// `sched_setattr(2)` on the calling thread: 0, or -1 with `errno` set.
static inline int larder_sched_setattr_self(struct larder_sched_attr *attr) {
    attr->size = sizeof(*attr);
    return (int)syscall(SYS_sched_setattr, 0, attr, 0);
}

/// `sched_getattr(2)` of the calling thread: 0, or -1 with `errno` set.
static inline int larder_sched_getattr_self(struct larder_sched_attr *attr) {
    return (int)syscall(SYS_sched_getattr, 0, attr, sizeof(*attr), 0);
}
#endif
#endif
