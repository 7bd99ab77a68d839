// Under ThreadSanitizer only: a thread's TSan state is released after every other thread-specific
// destructor of the thread, not before some of them.
//
// ThreadSanitizer releases a thread's state in a pthread key destructor that re-arms itself
// until glibc's last destructor round (PTHREAD_DESTRUCTOR_ITERATIONS, 4). Its key is the
// process's first, so in that round it runs before every other key's destructor. Foundation's
// own destructors (`__CFTSDFinalize` and `_CFThreadSpecificDestructor`, whose values
// CoreFoundation sets again in the third round) then run on a thread TSan has already released.
// Any allocation there goes through TSan's `malloc` with no per-thread state: a SIGSEGV inside
// the runtime, which the runtime hands to JavaScriptCore's SIGSEGV handler, where it fails
// "CHECK failed: tsan_interceptors_posix.cpp:2184 ((thr->slot)) != (0)" and crashes the whole
// test process (signal 11), as two CI runs did. `ThreadExitTests` reproduces it in one thread.
//
// So, when the test process starts, TSan's destructor (found as the only key a new thread
// holds the value 4 in) is wrapped: in its last round it first runs the thread's other
// destructors itself, as glibc would, while TSan still tracks the thread, then lets TSan
// release it. Set HV_TSAN_THREAD_EXIT_LOG=1 to see, on stderr, each destructor that would
// have run after TSan. Plain and AddressSanitizer builds compile none of this.

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// glibc's table of keys (GLIBC_PRIVATE, stable since 2.3): an odd `seq` is a key in use.
struct hv_test_key_slot {
  uintptr_t seq;
  void (*destructor)(void *);
};

enum { hv_test_key_count = 1024, hv_test_destructor_rounds = 4 };

static struct hv_test_key_slot *hv_test_keys;
static pthread_key_t hv_test_tsan_key;
static void (*hv_test_tsan_release_thread)(void *);
static int hv_test_log_late_destructors;

__attribute__((disable_sanitizer_instrumentation)) static void hv_test_note_late(
  unsigned key, void (*destructor)(void *)) {
  Dl_info info = {0};
  dladdr((void *)destructor, &info);
  fprintf(
    stderr, "hv_test_tsan_thread_exit: key %u's destructor (%s in %s) ran before TSan released the thread\n", key,
    info.dli_sname ? info.dli_sname : "?", info.dli_fname ? info.dli_fname : "?");
}

// TSan's destructor, wrapped. TSan counts its value down from 4, one a round; at 1 it releases
// the thread. Before that, the thread's other values are destroyed here, round after round.
__attribute__((disable_sanitizer_instrumentation)) static void hv_test_release_thread_last(void *value) {
  if ((uintptr_t)value == 1) {
    for (int round = 0; round < hv_test_destructor_rounds; round++) {
      int ran = 0;
      for (unsigned key = 0; key < hv_test_key_count; key++) {
        void (*destructor)(void *) = hv_test_keys[key].destructor;
        if (key == hv_test_tsan_key || (hv_test_keys[key].seq & 1) == 0 || destructor == NULL) continue;
        void *data = pthread_getspecific(key);
        if (data == NULL) continue;
        pthread_setspecific(key, NULL);
        if (hv_test_log_late_destructors) hv_test_note_late(key, destructor);
        destructor(data);
        ran = 1;
      }
      if (!ran) break;
    }
  }
  hv_test_tsan_release_thread(value);
}

// On a thread TSan started, its key is the only one already holding a value (4).
static void *hv_test_find_tsan_key(void *unused) {
  (void)unused;
  intptr_t found = -1;
  for (intptr_t key = 0; key < hv_test_key_count; key++) {
    if (pthread_getspecific((pthread_key_t)key) != (void *)4) continue;
    if (found >= 0) return (void *)(intptr_t)-1;
    found = key;
  }
  return (void *)found;
}

__attribute__((constructor)) static void hv_test_release_tsan_thread_state_last(void) {
  hv_test_keys = dlvsym(RTLD_DEFAULT, "__pthread_keys", "GLIBC_PRIVATE");
  pthread_t thread;
  void *found = (void *)(intptr_t)-1;
  if (hv_test_keys == NULL || pthread_create(&thread, NULL, hv_test_find_tsan_key, NULL) != 0 ||
      pthread_join(thread, &found) != 0 || (intptr_t)found < 0 ||
      hv_test_keys[(intptr_t)found].destructor == NULL) {
    fprintf(stderr, "hv_test_tsan_thread_exit: ThreadSanitizer's thread key not found; threads end as before\n");
    return;
  }
  const char *log = getenv("HV_TSAN_THREAD_EXIT_LOG");
  hv_test_log_late_destructors = log != NULL && log[0] == '1';
  hv_test_tsan_key = (pthread_key_t)(intptr_t)found;
  hv_test_tsan_release_thread = hv_test_keys[hv_test_tsan_key].destructor;
  hv_test_keys[hv_test_tsan_key].destructor = hv_test_release_thread_last;
}

#endif
#endif
