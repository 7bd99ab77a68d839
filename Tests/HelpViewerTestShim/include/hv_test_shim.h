// The tests' own C: GTK's accessibility test API, which no shipped code calls.
#ifndef HV_TEST_SHIM_H
#define HV_TEST_SHIM_H
#include <gtk/gtk.h>

// gtk_test_accessible_check_* are variadic. Each returns NULL when the accessible has that
// value, else the value it has (free with g_free).
char *hv_test_accessible_check_label(GtkAccessible *accessible, const char *label);
char *hv_test_accessible_check_description(GtkAccessible *accessible, const char *description);
char *hv_test_accessible_check_busy(GtkAccessible *accessible, gboolean busy);

#endif
