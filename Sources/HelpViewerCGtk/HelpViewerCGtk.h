#include <gtk/gtk.h>
#include <gtk/gtkunixprint.h>
#include <glib-unix.h>
