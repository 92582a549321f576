#define _GNU_SOURCE
#include "CCurlShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The library's name where it is a system library: Debian's libcurl4 on Linux, the one macOS
// ships in /usr/lib on Darwin.
#if defined(__linux__)
#define COINS_LIBCURL_DEFAULT "libcurl.so.4"
#elif defined(__APPLE__)
#define COINS_LIBCURL_DEFAULT "libcurl.4.dylib"
#else
#define COINS_LIBCURL_DEFAULT "libcurl.so"
#endif

// curl_global_init's flags: CURL_GLOBAL_DEFAULT == CURL_GLOBAL_ALL == 3 (SSL | WIN32).
#define COINS_CURL_GLOBAL_DEFAULT 3L

typedef int (*global_init_t)(long);
typedef void *(*easy_init_t)(void);
typedef void (*easy_cleanup_t)(void *);
typedef int (*easy_perform_t)(void *);
typedef int (*easy_setopt_t)(void *, int, ...);
typedef int (*easy_getinfo_t)(void *, int, ...);
typedef const char *(*easy_strerror_t)(int);
typedef void *(*slist_append_t)(void *, const char *);
typedef void (*slist_free_all_t)(void *);

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int load_state = 0;  // 0 not tried, 1 loaded, -1 failed
static atomic_int loading_in_background = 0;  // a background load was started
static char load_error[256];

static easy_init_t p_easy_init;
static easy_cleanup_t p_easy_cleanup;
static easy_perform_t p_easy_perform;
static easy_setopt_t p_easy_setopt;
static easy_getinfo_t p_easy_getinfo;
static easy_strerror_t p_easy_strerror;
static slist_append_t p_slist_append;
static slist_free_all_t p_slist_free_all;

static int resolve(void *library) {
  const char *missing = NULL;
#define COINS_SYM(var, type, name) \
  if (!missing && !(var = (type)dlsym(library, name))) missing = name;
  global_init_t global_init = NULL;
  COINS_SYM(global_init, global_init_t, "curl_global_init")
  COINS_SYM(p_easy_init, easy_init_t, "curl_easy_init")
  COINS_SYM(p_easy_cleanup, easy_cleanup_t, "curl_easy_cleanup")
  COINS_SYM(p_easy_perform, easy_perform_t, "curl_easy_perform")
  COINS_SYM(p_easy_setopt, easy_setopt_t, "curl_easy_setopt")
  COINS_SYM(p_easy_getinfo, easy_getinfo_t, "curl_easy_getinfo")
  COINS_SYM(p_easy_strerror, easy_strerror_t, "curl_easy_strerror")
  COINS_SYM(p_slist_append, slist_append_t, "curl_slist_append")
  COINS_SYM(p_slist_free_all, slist_free_all_t, "curl_slist_free_all")
#undef COINS_SYM
  if (missing) {
    snprintf(load_error, sizeof load_error, "libcurl has no %s", missing);
    return -1;
  }
  int code = global_init(COINS_CURL_GLOBAL_DEFAULT);
  if (code != 0) {
    snprintf(load_error, sizeof load_error, "curl_global_init failed (%d)", code);
    return -1;
  }
  return 1;
}

int coins_curl_load(const char *path, char *error, size_t error_size) {
  pthread_mutex_lock(&load_lock);
  if (load_state == 0) {
    // Lazy binding, as for a program linked with libcurl: resolving every symbol of libcurl
    // and its thirty-odd libraries up front costs milliseconds on each cold run.
    void *library = dlopen(path ? path : COINS_LIBCURL_DEFAULT, RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
      const char *reason = dlerror();
      snprintf(load_error, sizeof load_error, "%s", reason ? reason : "dlopen failed");
      load_state = -1;
    } else {
      load_state = resolve(library);
    }
  }
  int state = load_state;
  pthread_mutex_unlock(&load_lock);
  if (state == 1) return 0;
  if (error && error_size > 0) snprintf(error, error_size, "%s", load_error);
  return -1;
}

// Names the calling thread (Linux keeps the first 15 bytes), for ps and /proc.
static void set_thread_name(const char *name) {
#if defined(__linux__)
  char short_name[16];
  snprintf(short_name, sizeof short_name, "%s", name);
  pthread_setname_np(pthread_self(), short_name);
#elif defined(__APPLE__)
  pthread_setname_np(name);
#else
  (void)name;
#endif
}

static void *load_in_background(void *path) {
  set_thread_name("coins-dlopen");
  coins_curl_load(path, NULL, 0);
  free(path);
  return NULL;
}

int coins_curl_load_in_background(const char *path) {
  // Once only, and without the loader's lock (held for the whole load): a second call returns
  // at once instead of waiting for the first load to finish.
  if (atomic_exchange(&loading_in_background, 1)) return 0;
  char *copy = path ? strdup(path) : NULL;
  if (path && !copy) return -1;
  pthread_t thread;
  if (pthread_create(&thread, NULL, load_in_background, copy) != 0) {
    free(copy);
    atomic_store(&loading_in_background, 0);
    return -1;
  }
  pthread_detach(thread);
  return 0;
}

// Every wrapper below is only reached after a successful coins_curl_load(); easy_init and
// strerror still check, so a caller that skipped it gets NULL rather than a crash.
void *coins_curl_easy_init(void) { return p_easy_init ? p_easy_init() : NULL; }
void coins_curl_easy_cleanup(void *handle) { p_easy_cleanup(handle); }
int coins_curl_easy_perform(void *handle) { return p_easy_perform(handle); }
const char *coins_curl_easy_strerror(int code) {
  return p_easy_strerror ? p_easy_strerror(code) : NULL;
}

int coins_curl_setopt_long(void *handle, int option, long value) {
  return p_easy_setopt(handle, option, value);
}
int coins_curl_setopt_pointer(void *handle, int option, const void *value) {
  return p_easy_setopt(handle, option, value);
}
int coins_curl_setopt_off_t(void *handle, int option, int64_t value) {
  return p_easy_setopt(handle, option, value);
}
int coins_curl_setopt_data_callback(void *handle, int option, coins_curl_data_callback callback) {
  return p_easy_setopt(handle, option, callback);
}
int coins_curl_setopt_xferinfo_callback(
    void *handle, int option, coins_curl_xferinfo_callback callback) {
  return p_easy_setopt(handle, option, callback);
}

int coins_curl_getinfo_long(void *handle, int info, long *value) {
  return p_easy_getinfo(handle, info, value);
}
int coins_curl_getinfo_off_t(void *handle, int info, int64_t *value) {
  return p_easy_getinfo(handle, info, value);
}

void *coins_curl_slist_append(void *list, const char *string) {
  return p_slist_append(list, string);
}
void coins_curl_slist_free_all(void *list) { p_slist_free_all(list); }
