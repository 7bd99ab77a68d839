import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Ranking rules for API references of many modules (issue 32, the Python library reference),
/// each on a small book made here in Sphinx's forms: a module page titled
/// "name — what it does", its definitions as sections (`class multiprocessing.pool.Pool(…)`).
@Suite struct SearchModuleRulesTests {
  func index(_ pages: [String: (title: String, body: String)]) throws -> (SearchIndex, TemporaryFolder) {
    let folder = try TemporaryFolder()
    for (id, page) in pages { try folder.write("C/\(id).html", TestBook.page(page.title, page.body)) }
    return (try SearchIndex(book: HelpBook(folder: folder.url, languages: [])), folder)
  }

  /// A page first found by a section whose title holds one word and heading the other ("process
  /// pool": the title "Process-based parallelism", the heading `multiprocessing.pool.Pool`), whose
  /// heading also names every word as a prefix (`Pool(processes)`), ranks as a page with a
  /// heading naming them, and its title naming "process" puts it above a page with such a
  /// heading only.
  @Test func aHeadingNamingTheWordsCountsThoughTheTitleFoundThePageFirst() throws {
    let (index, folder) = try index([
      "multiprocessing": (
        "multiprocessing — Process-based parallelism",
        """
        <h1>multiprocessing — Process-based parallelism</h1><p>Run work in other programs.</p>
        <dl class="py class"><dt class="sig sig-object py" id="multiprocessing.pool.Pool">class
        multiprocessing.pool.Pool(processes)</dt><dd><p>A pool of workers.</p></dd></dl>
        """
      ),
      "eventloop": (
        "Event loop",
        """
        <h1>Event loop</h1><p>The loop runs tasks.</p>
        <h2 id="executors">Executing code in thread or process pools</h2><p>Run blocking code elsewhere.</p>
        """
      ),
    ])
    defer { folder.remove() }
    let results = try index.search("process pool")
    #expect(results.map(\.pageID) == ["multiprocessing", "eventloop"], "\(results.map(\.pageID))")
    #expect(results.first?.sectionID == "multiprocessing.pool.Pool")
  }

  /// A section is named by its page's title and its heading together ("copy a file":
  /// `shutil.copy(src, dst)` in "shutil — High-level file operations"), above a heading naming
  /// the words inside a longer name (`os.copy_file_range`) on a page whose title names none.
  /// A signature's parameters name nothing (`cgitb.enable(context=5)` in "Traceback manager" for
  /// "context manager"), and a page's own heading naming every word is shown before such a
  /// section ("cluster fork": `cluster.fork()`, not "Event: 'fork'").
  @Test func aTitleAndAHeadingNameTheWordsTogether() throws {
    let (index, folder) = try index([
      "shutil": (
        "shutil — High-level file operations",
        """
        <h1>shutil — High-level file operations</h1><p>Operations on files and collections of files.</p>
        <dl class="py function"><dt class="sig sig-object py" id="shutil.copy">shutil.copy(src, dst)</dt>
        <dd><p>Copies the data and the mode bits.</p></dd></dl>
        """
      ),
      "os": (
        "os — Operating system interfaces",
        """
        <h1>os — Operating system interfaces</h1><p>Portable use of the system.</p>
        <dl class="py function"><dt class="sig sig-object py" id="os.copy_file_range">os.copy_file_range(src, dst,
        count)</dt><dd><p>Copy count bytes from one descriptor to another.</p></dd></dl>
        """
      ),
      "cgitb": (
        "cgitb — Traceback manager for scripts",
        """
        <h1>cgitb — Traceback manager for scripts</h1><p>Reports errors.</p>
        <dl class="py function"><dt class="sig sig-object py" id="cgitb.enable">cgitb.enable(display=1,
        context=5)</dt><dd><p>Turns the special handler on.</p></dd></dl>
        """
      ),
      "contextlib": (
        "contextlib — Utilities for with-statement contexts",
        """
        <h1>contextlib — Utilities for with-statement contexts</h1><p>Common tasks of the with statement.</p>
        <h2 id="decorator">Using a context manager as a function decorator</h2><p>A decorator too.</p>
        """
      ),
      "cluster": (
        "Cluster",
        """
        <h1>Cluster</h1><p>Processes sharing server ports.</p>
        <h2 id="event-fork">Event: 'fork'</h2><p>When a new worker is forked off, the cluster module
        emits a fork event, and the primary can listen for it to log the activity of its workers.</p>
        <h2 id="cluster-fork">cluster.fork([env])</h2><p>Spawn a new worker.</p>
        """
      ),
    ])
    defer { folder.remove() }
    let copy = try index.search("copy a file")
    #expect(copy.map(\.pageID).prefix(2) == ["shutil", "os"], "\(copy.map(\.pageID))")
    #expect(copy.first?.sectionID == "shutil.copy")
    #expect(try index.search("context manager").first?.pageID == "contextlib")
    #expect(try index.search("cluster fork").first?.sectionID == "cluster-fork")
  }

  /// Among pages found by a section holding the words, neither title naming them, the page
  /// with more such sections ranks first: "sleep for seconds" finds `time`, which explains
  /// sleeping in three sections, above the one short section bm25 prefers.
  @Test func thePageWithMoreSectionsHoldingTheWordsFirst() throws {
    let (index, folder) = try index([
      "time": (
        "time — Time access and conversions",
        """
        <h1>time — Time access and conversions</h1><p>Functions for clocks.</p>
        <dl class="py function"><dt class="sig sig-object py" id="time.sleep">time.sleep(secs)</dt>
        <dd><p>Suspend execution of the calling thread for the given number of seconds. The sleep
        may last longer than asked when the system is busy with other work.</p></dd></dl>
        <dl class="py function"><dt class="sig sig-object py" id="time.monotonic">time.monotonic()</dt>
        <dd><p>Return the value in fractional seconds of a clock that never goes back, even when the
        system goes to sleep and wakes again later.</p></dd></dl>
        <h2 id="clocks">Clocks</h2><p>A sleep of some seconds does not change the monotonic clock's
        pace, and the wall clock may move meanwhile.</p>
        """
      ),
      "asyncio-task": (
        "Coroutines and Tasks",
        """
        <h1>Coroutines and Tasks</h1><p>Running coroutines.</p>
        <dl class="py function"><dt class="sig sig-object py" id="asyncio.sleep">coroutine
        asyncio.sleep(delay)</dt><dd><p>Sleep: block for delay seconds.</p></dd></dl>
        """
      ),
    ])
    defer { folder.remove() }
    let results = try index.search("sleep for seconds")
    #expect(results.map(\.pageID) == ["time", "asyncio-task"], "\(results.map(\.pageID))")
    #expect(results.first?.otherSections.count == 2)
  }
}
