// Xlib for the benchmark only (help-viewer-bench grabs the screen to see when a program's
// window shows its page): not used by the library.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>

// XDestroyImage is a macro, which Swift does not import.
static inline void helpviewer_x11_destroy_image(XImage *image) { XDestroyImage(image); }
