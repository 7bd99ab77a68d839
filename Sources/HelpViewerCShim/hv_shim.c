#include "hv_shim.h"

#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
// From <gio/gunixinputstream.h> (libgio-2.0, linked through GTK and WebKit).
GInputStream *g_unix_input_stream_new(gint fd, gboolean close_fd);

static WebKitSettings *hv_settings_new(gboolean hardware_acceleration) {
  WebKitSettings *settings = webkit_settings_new();
  webkit_settings_set_hardware_acceleration_policy(settings, hardware_acceleration
                                                                 ? WEBKIT_HARDWARE_ACCELERATION_POLICY_ALWAYS
                                                                 : WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER);
  return settings;
}

WebKitWebView *hv_web_view_new(WebKitNetworkSession *session, WebKitWebContext *context,
                               WebKitUserContentManager *user_content_manager, gboolean hardware_acceleration) {
  WebKitSettings *settings = hv_settings_new(hardware_acceleration);
  WebKitWebView *view = g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, "web-context", context,
                                     "user-content-manager", user_content_manager, "settings", settings, NULL);
  g_object_unref(settings);
  return view;
}

void hv_accessible_set_label(GtkAccessible *accessible, const char *label) {
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void hv_accessible_set_description(GtkAccessible *accessible, const char *description) {
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void hv_accessible_set_busy(GtkAccessible *accessible, gboolean busy) {
  gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, busy, -1);
}

void hv_accessible_set_level(GtkAccessible *accessible, int level) {
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}

void hv_widget_set_accessible_role(GtkWidget *widget, GtkAccessibleRole role) {
  g_object_set(widget, "accessible-role", role, NULL);
}

gboolean hv_settings_get_prefer_dark(GtkSettings *settings) {
  gboolean dark = FALSE;
  g_object_get(settings, "gtk-application-prefer-dark-theme", &dark, NULL);
  return dark;
}

void hv_settings_set_prefer_dark(GtkSettings *settings, gboolean dark) {
  g_object_set(settings, "gtk-application-prefer-dark-theme", dark, NULL);
}

WebKitWebView *hv_web_view_new_related(WebKitWebView *related, WebKitUserContentManager *user_content_manager,
                                       gboolean hardware_acceleration) {
  if (user_content_manager == NULL) {
    // WebKit gives a related view the related view's settings and user content manager.
    return g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, NULL);
  }
  WebKitSettings *settings = hv_settings_new(hardware_acceleration);
  WebKitWebView *view = g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, "user-content-manager",
                                     user_content_manager, "settings", settings, NULL);
  g_object_unref(settings);
  return view;
}

WebKitWebContext *hv_web_context_new(guint memory_limit_mb, gdouble poll_interval) {
  WebKitMemoryPressureSettings *settings = webkit_memory_pressure_settings_new();
  webkit_memory_pressure_settings_set_memory_limit(settings, memory_limit_mb);
  // Strict first: each setter refuses a value that crosses the other's current one (the default
  // strict threshold is 0.5, so a conservative 0.5 set first is refused with a critical).
  webkit_memory_pressure_settings_set_strict_threshold(settings, 0.75);
  webkit_memory_pressure_settings_set_conservative_threshold(settings, 0.5);
  webkit_memory_pressure_settings_set_poll_interval(settings, poll_interval);
  WebKitWebContext *context = g_object_new(WEBKIT_TYPE_WEB_CONTEXT, "memory-pressure-settings", settings, NULL);
  webkit_memory_pressure_settings_free(settings);
  return context;
}

gboolean hv_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }

gboolean hv_x11_keep_within(GtkWindow *window, GtkWindow *parent, int width, int height) {
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
  GdkSurface *parent_surface = gtk_native_get_surface(GTK_NATIVE(parent));
  if (surface == NULL || parent_surface == NULL || !GDK_IS_X11_SURFACE(surface) ||
      !GDK_IS_X11_SURFACE(parent_surface))
    return FALSE;
  typedef Bool (*Translate)(Display *, Window, Window, int, int, int *, int *, Window *);
  typedef int (*Move)(Display *, Window, int, int);
  typedef int (*Flush)(Display *);
  Translate translate = (Translate)dlsym(RTLD_DEFAULT, "XTranslateCoordinates");
  Move move = (Move)dlsym(RTLD_DEFAULT, "XMoveWindow");
  Flush flush = (Flush)dlsym(RTLD_DEFAULT, "XFlush");
  if (translate == NULL || move == NULL || flush == NULL) return FALSE;
  GdkDisplay *gdk_display = gdk_surface_get_display(surface);
  Display *display = gdk_x11_display_get_xdisplay(gdk_display);
  Window root = gdk_x11_display_get_xrootwindow(gdk_display);
  Window child;
  int parent_x, parent_y, x, y;
  if (!translate(display, gdk_x11_surface_get_xid(parent_surface), root, 0, 0, &parent_x, &parent_y, &child) ||
      !translate(display, gdk_x11_surface_get_xid(surface), root, 0, 0, &x, &y, &child))
    return FALSE;
  int parent_width = gtk_widget_get_width(GTK_WIDGET(parent));
  int parent_height = gtk_widget_get_height(GTK_WIDGET(parent));
  if (parent_width <= 0 || parent_height <= 0) return FALSE;
  if (x >= parent_x && y >= parent_y && x + width <= parent_x + parent_width &&
      y + height <= parent_y + parent_height)
    return FALSE;
  move(display, gdk_x11_surface_get_xid(surface), parent_x + (parent_width - width) / 2,
       parent_y + (parent_height - height) / 2);
  flush(display);
  return TRUE;
#else
  (void)window;
  (void)parent;
  (void)width;
  (void)height;
  return FALSE;
#endif
}
GInputStream *hv_unix_input_stream_new(int fd) { return g_unix_input_stream_new(fd, TRUE); }
