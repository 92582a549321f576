#include "CBenchClock.h"

uint64_t bench_cycles(void) {
#if defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#else
  return 0;
#endif
}
