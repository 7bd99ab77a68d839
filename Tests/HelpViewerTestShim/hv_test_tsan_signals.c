// Under ThreadSanitizer only: the test process takes SIGCHLD on one thread of its own, which
// never ends.
//
// ThreadSanitizer's runtime (this toolchain's, as LLVM's today) fails a check and crashes the
// process when it runs a signal handler on a thread that holds no slot of its own at that
// moment, as a thread does while it ends ("CHECK failed: tsan_interceptors_posix.cpp:2184
// ((thr->slot)) != (0)", google/sanitizers#1541, open). The suite's process gets a SIGCHLD, for
// GLib's handler, each time a WebKit process or a helper it started ends — many a test, as
// views close, while WebKit's and GLib's threads end — and the kernel hands it to any thread
// that does not block it. One whole-suite run under ThreadSanitizer crashed so, right after
// `ViewReuseTests` closed its views.
//
// So, before any other thread exists, the main thread blocks SIGCHLD (every thread started
// later inherits that) and starts this one, which takes it in `sigsuspend` (where the runtime
// hands it to GLib's handler at once). Children inherit the block only from `g_spawn`; WebKit's
// processes start no children of their own, and Foundation's `Process` clears the mask.
// Plain and AddressSanitizer builds compile none of this.

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)

#include <pthread.h>
#include <signal.h>
#include <stddef.h>

static void *hv_test_sigchld_thread(void *unused) {
  (void)unused;
  sigset_t none;
  sigemptyset(&none);
  for (;;) {
    sigsuspend(&none);
  }
  return NULL;
}

__attribute__((constructor)) static void hv_test_take_sigchld_on_one_thread(void) {
  sigset_t child;
  sigemptyset(&child);
  sigaddset(&child, SIGCHLD);
  pthread_sigmask(SIG_BLOCK, &child, NULL);
  pthread_t thread;
  if (pthread_create(&thread, NULL, hv_test_sigchld_thread, NULL) == 0) {
    pthread_detach(thread);
  } else {
    pthread_sigmask(SIG_UNBLOCK, &child, NULL);
  }
}

#endif
#endif
