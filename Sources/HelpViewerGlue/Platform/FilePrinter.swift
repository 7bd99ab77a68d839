import HelpViewerCGtk

/// GTK's file printer, found by what it can do rather than by its name: its name is translated
/// ("Print to File", "In Datei drucken", …), so a name written in the code finds it only in an
/// English session.
///
/// ```swift
/// FilePrinter.find { name in
///   guard let name else { return }  // No printer writes PDF files.
///   gtk_print_settings_set_printer(settings, name)
/// }
/// ```
public enum FilePrinter {
  /// Looks through GTK's printers (`gtk_enumerate_printers`, without a nested main loop) for the
  /// first virtual printer that accepts PDF, which is GTK's file printer, and calls `completion`
  /// once with its name, or with `nil` when the listing ended without one.
  @MainActor
  public static func find(_ completion: @escaping @MainActor (String?) -> Void) {
    let search = Unmanaged.passRetained(Search(completion)).toOpaque()
    gtk_enumerate_printers(
      { printer, data in
        guard let printer, let data else { return 0 }
        let search = Unmanaged<Search>.fromOpaque(data).takeUnretainedValue()
        guard gtk_printer_is_virtual(printer) != 0, gtk_printer_accepts_pdf(printer) != 0,
          let name = gtk_printer_get_name(printer)
        else { return 0 }
        search.found = String(cString: name)
        return 1  // Stop: GTK then frees the listing and calls the destroy notify.
      }, search,
      { data in
        guard let data else { return }
        let search = Unmanaged<Search>.fromOpaque(data).takeRetainedValue()
        MainActor.assumeIsolated { search.completion(search.found) }
      }, 0)
  }

  /// What one search found so far, and whom to tell.
  private final class Search {
    var found: String?
    let completion: @MainActor (String?) -> Void
    init(_ completion: @escaping @MainActor (String?) -> Void) { self.completion = completion }
  }
}
