import Foundation
import Testing

@testable import HelpViewerCore

/// The XDG data directories, computed once (`DataDirectories`) for help books and for
/// `ResourceLocator` (issue 18.6).
@Suite struct DataDirectoriesTests {
  private func paths(_ environment: [String: String]) -> [String] {
    DataDirectories.list(environment: environment).map(\.path)
  }

  @Test func withoutTheVariablesTheSpecificationsDefaults() {
    #expect(paths(["HOME": "/home/ann"]) == ["/home/ann/.local/share", "/usr/local/share", "/usr/share"])
    #expect(paths([:]) == ["/usr/local/share", "/usr/share"], "no home: no user directory")
    #expect(paths(["XDG_DATA_HOME": "/d"]) == ["/d", "/usr/local/share", "/usr/share"])
  }

  @Test func xdgDataDirsIsHonouredInItsOrderWithoutDuplicates() {
    #expect(paths(["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:/b:/a", "HOME": "/h"]) == ["/d", "/a", "/b"])
    #expect(
      paths(["HOME": "/h", "XDG_DATA_DIRS": "/opt/share/:/usr/share"]) == [
        "/h/.local/share", "/opt/share", "/usr/share",
      ])
    #expect(paths(["XDG_DATA_HOME": "/usr/share", "XDG_DATA_DIRS": "/usr/share:/x"]) == ["/usr/share", "/x"])
  }

  @Test func relativeAndEmptyEntriesAreIgnored() {
    #expect(
      paths(["HOME": "/h", "XDG_DATA_HOME": "relative", "XDG_DATA_DIRS": "::/opt/share:rel"]) == [
        "/h/.local/share", "/opt/share",
      ])
    // Nothing absolute (or empty): the defaults, never no system directory at all.
    #expect(paths(["XDG_DATA_HOME": "rel", "XDG_DATA_DIRS": ""]) == ["/usr/local/share", "/usr/share"])
    #expect(paths(["XDG_DATA_DIRS": "share:other"]) == ["/usr/local/share", "/usr/share"])
    #expect(paths(["XDG_DATA_DIRS": ":"]) == ["/usr/local/share", "/usr/share"])
  }

  @Test func resourceLocatorSearchesTheSameList() {
    var locator = ResourceLocator("X.resources", app: "notes")
    for environment in [
      ["HOME": "/home/ada"], ["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:/b:/a"], ["XDG_DATA_DIRS": "rel"],
    ] {
      locator.environment = environment
      #expect(locator.dataDirectories == DataDirectories.list(environment: environment))
    }
  }
}
