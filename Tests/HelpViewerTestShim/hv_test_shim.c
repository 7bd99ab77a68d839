#include "hv_test_shim.h"

char *hv_test_accessible_check_label(GtkAccessible *accessible, const char *label) {
  return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}

char *hv_test_accessible_check_description(GtkAccessible *accessible, const char *description) {
  return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
}

char *hv_test_accessible_check_busy(GtkAccessible *accessible, gboolean busy) {
  return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, busy);
}
