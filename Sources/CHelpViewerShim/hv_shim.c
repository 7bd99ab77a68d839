#include "hv_shim.h"

WebKitWebView *hv_web_view_new(WebKitNetworkSession *session, WebKitWebContext *context) {
  return g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, "web-context", context, NULL);
}
