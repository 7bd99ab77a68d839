// GTK and WebKitGTK for help-viewer-raw-load alone: the raw program links nothing of the library.
#include <gtk/gtk.h>
#include <webkit/webkit.h>
