import Foundation
import HelpViewer
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerDemoContent
import HelpViewerGlue

// help-viewer-demo: "Notebook", a small notes app (a GtkApplication, NotebookApp) that embeds
// HelpViewer for its help, terms and What's New pane. Interactive by default; with --report or
// --screenshot it opens the page, waits until it settles, does that and exits (see
// DemoOptions.usage).

MainActor.assumeIsolated { ProcessClock.mark("main") }
let options: DemoOptions
do {
  options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  if let message = error.message {
    FileHandle.standardError.write(Data("help-viewer-demo: \(message)\n\n\(DemoOptions.usage)\n".utf8))
    exit(2)
  }
  print(DemoOptions.usage)
  exit(0)
}

// No GPU: GTK's cairo renderer rather than GL on software (it starts faster, in less memory).
RendererChoice.apply()

// Notebook's pages, found as an installed app keeps them. Without them `--show` cannot work:
// say so (with --report as JSON too) and exit 4, before anything needs a display.
let pages: URL?
do {
  pages = try NotebookContent.locate()
} catch {
  pages = nil
  let text = "help-viewer-demo: \(error.title): \(error.message) (\(error.details ?? ""))\n"
  FileHandle.standardError.write(Data(text.utf8))
  if let page = options.show {
    if options.report {
      var state = LoadState()
      state.requestedURL = page.address
      state.phase = .failed(error)
      print(
        Report.json(
          for: state, timings: Report.Timings(startToLoaded: nil, startToReport: ProcessClock.secondsSinceStart() ?? 0))
      )
    }
    exit(4)
  }
}

// --book DIR: the help book, read before anything needs a display (exit 4 when it is no book).
let book: HelpBook?
if let folder = options.book {
  do {
    book = try HelpBook(folder: URL(fileURLWithPath: folder))
  } catch {
    FileHandle.standardError.write(Data("help-viewer-demo: \(error.title): \(error.details ?? error.message)\n".utf8))
    if options.report {
      var state = LoadState()
      state.requestedURL = folder
      state.phase = .failed(error)
      print(
        Report.json(
          for: state, timings: Report.Timings(startToLoaded: nil, startToReport: ProcessClock.secondsSinceStart() ?? 0))
      )
    }
    exit(4)
  }
} else {
  book = nil
}

// A help: address starts rendering its page now, while GTK starts: help books need no display.
if let open = options.open, open.lowercased().hasPrefix("help:"),
  let found = try? HelpAddress(parsing: open).resolve()
{
  found.page.prepare()
}

MainActor.assumeIsolated {
  // The name screen readers give the app on the accessibility bus ("Unnamed" without it): GTK
  // reads it when the display opens, so before `gtk_init_check`.
  g_set_prgname("help-viewer-demo")
  g_set_application_name(notebookLocalized("Notebook"))
  guard gtk_init_check() != 0 else {
    FileHandle.standardError.write(Data("help-viewer-demo: cannot open a display (run it under xvfb-run)\n".utf8))
    exit(1)
  }
  ProcessClock.mark("gtkReady")
  MainLoop.integrateDispatch()
  if options.dark { DarkPreference.isPreferred = true }
  let folders = XDGFolders()
  let notebook = NotebookApp(
    pages: pages, store: NoteStore(file: options.notesFile(in: folders)), receiptFile: options.receiptFile(in: folders))
  ProcessClock.mark("appReady")
  let app = notebook.window
  app.loadTimeout = options.loadTimeout
  app.present()
  ProcessClock.mark("windowPresented")
  notebook.startTerms(forget: options.forgetTerms, automated: options.isAutomated)
  let target: DemoWindow.Target? = {
    if let open = options.open {
      // A relative path to an existing file means that file.
      if FileManager.default.fileExists(atPath: open), !open.hasPrefix("/") {
        return .url(URL(fileURLWithPath: open).standardizedFileURL)
      }
      return .address(open)
    }
    return nil
  }()
  if let book {
    let topic = options.topic.flatMap(HelpTopic.init(parsing:))
    app.showBook(book, topic: topic, embedded: options.embedded)
  } else if let page = options.show {
    app.show(page, embedded: options.embedded)
  } else if let target {
    if options.embedded {
      app.showEmbedded(target)
    } else {
      app.showDialog(target, title: notebookLocalized("Web Page"))
    }
  }
  ProcessClock.mark("pageAsked")
  if options.isAutomated {
    exit(Automation.run(app, options))
  }
  if let text = options.find, let viewer = app.dialog?.viewer ?? app.embeddedViewer {
    MainLoop.spin(until: { viewer.state.phase.isSettled }, timeout: options.timeout)
    Automation.find(text, in: viewer)
  }
  MainLoop.spin(until: { app.isClosed }, timeout: .greatestFiniteMagnitude)
}
