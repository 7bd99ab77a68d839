// The only C in HelpViewer: what Swift cannot call directly.
#ifndef HV_SHIM_H
#define HV_SHIM_H
#include <webkit/webkit.h>

// libdispatch's main-queue hooks for foreign run loops (exported by libdispatch, not declared in
// its public headers). HelpViewerGlue's MainLoopIntegration watches the handle (an eventfd) from
// the GLib main loop and drains the queue.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

// g_object_new is variadic: a WebKitWebView with its construct-only properties, and settings of
// its own made with the hardware acceleration policy (ALWAYS or NEVER) already set: WebKit
// 2.50's web process crashed when a view made with one policy was switched to the other and a
// view related to it loaded a page.
WebKitWebView *hv_web_view_new(WebKitNetworkSession *session, WebKitWebContext *context,
                               WebKitUserContentManager *user_content_manager, gboolean hardware_acceleration);

// gtk_accessible_update_property/_state are variadic: one property or state each.
void hv_accessible_set_label(GtkAccessible *accessible, const char *label);
void hv_accessible_set_description(GtkAccessible *accessible, const char *description);
void hv_accessible_set_busy(GtkAccessible *accessible, gboolean busy);
void hv_accessible_set_level(GtkAccessible *accessible, int level);
// The accessible role is a construct property; set before the widget is realized (g_object_set).
void hv_widget_set_accessible_role(GtkWidget *widget, GtkAccessibleRole role);

// GtkSettings' gtk-application-prefer-dark-theme through the variadic g_object_get/_set.
gboolean hv_settings_get_prefer_dark(GtkSettings *settings);
void hv_settings_set_prefer_dark(GtkSettings *settings, gboolean dark);

// A WebKitWebView that shares `related`'s web process (and its context and network session):
// construct-only `related-view`. With a user content manager, it has that and settings of its
// own (made as hv_web_view_new's); with NULL, it shares `related`'s (`hardware_acceleration`
// is then unused).
WebKitWebView *hv_web_view_new_related(WebKitWebView *related, WebKitUserContentManager *user_content_manager,
                                       gboolean hardware_acceleration);

// g_object_new again: a web context whose web processes free caches under memory pressure, as
// they count it against `memory_limit_mb` (conservative from half, strict from three quarters;
// never killed), checked every `poll_interval` seconds.
WebKitWebContext *hv_web_context_new(guint memory_limit_mb, gdouble poll_interval);

// Whether the calling thread is the process's main thread (the one GTK runs on): gettid() is not
// visible to Swift without _GNU_SOURCE.
gboolean hv_is_main_thread(void);

// Under X11, moves `window` to the centre of `parent` when it does not lie within `parent`
// (its size as GTK will lay it out: `width` × `height`); returns whether it moved it. GTK 4 has
// no call to place a window, and a window manager places a transient window once, when it maps
// it: a parent it later moves leaves its sheet behind. Xlib's calls are looked up at run time
// in the libX11 GTK already loaded (no link of our own); elsewhere (Wayland, where the
// compositor places dialogs) it does nothing and returns FALSE.
gboolean hv_x11_keep_within(GtkWindow *window, GtkWindow *parent, int width, int height);
// A GInputStream reading the open file `fd` (closed with the stream): g_unix_input_stream_new,
// whose header (gio-unix-2.0) is not on the include path of the system modules.
GInputStream *hv_unix_input_stream_new(int fd);

#endif
