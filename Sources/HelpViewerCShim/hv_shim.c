#include "hv_shim.h"

#include <sys/syscall.h>
#include <unistd.h>

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

void hv_widget_set_accessible_role(GtkWidget *widget, GtkAccessibleRole role) {
  g_object_set(widget, "accessible-role", role, NULL);
}

char *hv_accessible_check_label(GtkAccessible *accessible, const char *label) {
  return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}

char *hv_accessible_check_description(GtkAccessible *accessible, const char *description) {
  return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
}

char *hv_accessible_check_busy(GtkAccessible *accessible, gboolean busy) {
  return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, busy);
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

GInputStream *hv_unix_input_stream_new(int fd) { return g_unix_input_stream_new(fd, TRUE); }
