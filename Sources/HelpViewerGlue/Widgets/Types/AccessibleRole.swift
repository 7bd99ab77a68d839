import HelpViewerCGtk

/// What a widget is to assistive technologies (the roles of GTK's `GtkAccessibleRole` that
/// HelpViewer gives its widgets).
///
/// ```swift
/// let note = Box(.horizontal, spacing: 12, role: .status)   // read out when its text changes
/// ```
public enum AccessibleRole: Sendable, Equatable {
  /// A message that needs attention at once (an error).
  case alert
  /// Something to press.
  case button
  /// A heading.
  case heading
  /// A link to another page.
  case link
  /// A list, and an item of one.
  case list, listItem
  /// A message that tells what happened, without taking the focus.
  case status

  var gtk: GtkAccessibleRole {
    switch self {
    case .alert: GTK_ACCESSIBLE_ROLE_ALERT
    case .button: GTK_ACCESSIBLE_ROLE_BUTTON
    case .heading: GTK_ACCESSIBLE_ROLE_HEADING
    case .link: GTK_ACCESSIBLE_ROLE_LINK
    case .list: GTK_ACCESSIBLE_ROLE_LIST
    case .listItem: GTK_ACCESSIBLE_ROLE_LIST_ITEM
    case .status: GTK_ACCESSIBLE_ROLE_STATUS
    }
  }
}
