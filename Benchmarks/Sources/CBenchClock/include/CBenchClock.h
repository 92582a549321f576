#ifndef C_BENCH_CLOCK_H
#define C_BENCH_CLOCK_H

#include <stdint.h>

/// The CPU's time-stamp counter (what glibc's dynamic loader times itself with on x86-64:
/// LD_DEBUG=statistics prints cycles of it), or 0 on other architectures.
uint64_t bench_cycles(void);

#endif
