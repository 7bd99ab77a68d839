#include "hv_shim.h"

WebKitWebView *hv_web_view_new(WebKitNetworkSession *session, WebKitWebContext *context,
                               WebKitUserContentManager *user_content_manager) {
  return g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, "web-context", context,
                      "user-content-manager", user_content_manager, NULL);
}
