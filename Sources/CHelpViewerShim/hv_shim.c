#include "hv_shim.h"

WebKitWebView *hv_web_view_new(WebKitNetworkSession *session, WebKitWebContext *context,
                               WebKitUserContentManager *user_content_manager) {
  return g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, "web-context", context,
                      "user-content-manager", user_content_manager, NULL);
}

WebKitWebView *hv_web_view_new_related(WebKitWebView *related, WebKitUserContentManager *user_content_manager) {
  if (user_content_manager == NULL) {
    // WebKit gives a related view the related view's settings and user content manager.
    return g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, NULL);
  }
  WebKitSettings *settings = webkit_settings_new();
  WebKitWebView *view = g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, "user-content-manager",
                                     user_content_manager, "settings", settings, NULL);
  g_object_unref(settings);
  return view;
}

WebKitWebContext *hv_web_context_new(guint memory_limit_mb, gdouble poll_interval) {
  WebKitMemoryPressureSettings *settings = webkit_memory_pressure_settings_new();
  webkit_memory_pressure_settings_set_memory_limit(settings, memory_limit_mb);
  webkit_memory_pressure_settings_set_conservative_threshold(settings, 0.5);
  webkit_memory_pressure_settings_set_strict_threshold(settings, 0.75);
  webkit_memory_pressure_settings_set_poll_interval(settings, poll_interval);
  WebKitWebContext *context = g_object_new(WEBKIT_TYPE_WEB_CONTEXT, "memory-pressure-settings", settings, NULL);
  webkit_memory_pressure_settings_free(settings);
  return context;
}
