import HelpViewerGlue

extension LoadingWebView {
  /// Scrolls a reused view's first page to its `#section`, as WebKit does for a new load.
  ///
  /// The page comes from a restored history item (`SessionHistory`), and WebKit restores the
  /// item's scroll position (the top) instead of scrolling to the section (issue 30: context
  /// help in a kept dialog window opened at the page's top). Once loaded, `keepSectionInView`
  /// scrolls there from the page. Asking WebKit for the address again did too, but as a
  /// navigation of its own: a link followed at once after the page showed was cancelled for it
  /// (the session test, seeds 302, 305 and 309).
  ///
  /// ```swift
  /// if state.phase == .loaded, let section = sectionToScroll { scrollToSection(section) }
  /// ```
  func scrollToSection(_ address: String) {
    sectionToScroll = nil
    keepSectionInView(address)
  }

  /// Keeps the section of a page just loaded at its `#section` in view while the page's view
  /// is resized, until the person moves through the page themselves: WebKit scrolls to a section
  /// once, and a sheet that takes its size as it shows (a kept window's new size, a new one's
  /// first, the parent's) reflows the text above it, so the section left the view (the
  /// randomized session test found it over a small parent: the section 1,400 px above the view).
  /// A script in an isolated world scrolls to the section at once and again on each resize of
  /// the page's view or box, while the address keeps that section and until the person scrolls,
  /// clicks, presses a key in the page or searches it (`stopKeepingSection()`). It was bounded by
  /// time (1.5 s) before: on a loaded machine the sheet's last size came later, and the section's
  /// heading was left 8 px above the view (the ten-run repeat, seed 999332053). It starts no
  /// navigation (asking WebKit for the address again did, and cancelled a link a person followed
  /// in that time).
  func keepSectionInView(_ address: String) {
    page.runIsolatedScript(Self.sectionKeeper, world: Self.sectionWorld)
  }

  /// Stops keeping the page's section in view (a search in the page moves it to its matches).
  func stopKeepingSection() {
    page.runIsolatedScript(Self.sectionKeeperStop, world: Self.sectionWorld)
  }

  /// The isolated world of `sectionKeeper`.
  static let sectionWorld = "help-viewer-section"

  /// Stops the keeper `sectionKeeper` started in this page, if any.
  static let sectionKeeperStop = "if (window.helpViewerSectionKeeper) window.helpViewerSectionKeeper.stop();"

  /// Scrolls to the page's `#section` on each resize of its view, until the person acts.
  static let sectionKeeper = """
    (function () {
      if (window.helpViewerSectionKeeper) window.helpViewerSectionKeeper.stop();
      var hash = location.hash;
      if (!hash) return;
      var id = decodeURIComponent(hash.slice(1));
      var observer = null;
      // What a person does to move through the page (capture: a page's handler cannot hide it).
      var acts = ['wheel', 'mousedown', 'keydown', 'touchstart'];
      function stop() {
        window.removeEventListener('resize', keep);
        window.removeEventListener('hashchange', stop);
        window.removeEventListener('animationend', keep, true);
        window.removeEventListener('animationcancel', keep, true);
        acts.forEach(function (name) { window.removeEventListener(name, stop, true); });
        if (observer) observer.disconnect();
        observer = null;
        window.helpViewerSectionKeeper = null;
      }
      // How far the page's transforms move `element` from where it is laid out (yelp-xsl's
      // pages bounce the section asked for by up to 20 px for half a second).
      function shift(element) {
        var y = 0;
        for (var e = element; e && e.nodeType === 1; e = e.parentElement) {
          var transform = getComputedStyle(e).transform;
          if (transform && transform !== 'none') y += new DOMMatrixReadOnly(transform).m42;
        }
        return y;
      }
      function keep() {
        if (location.hash !== hash) return stop();
        var target = document.getElementById(id) || document.getElementsByName(id)[0];
        if (!target) return;
        // scrollIntoView aligns the box as drawn (and scrolls any box the target sits in); a
        // person reads it where it rests: one scroll to the nearest whole pixel of the rest
        // place (a second relative scroll rounded twice, and rested 1.5 px off).
        target.scrollIntoView();
        var rest = window.scrollY + target.getBoundingClientRect().top - shift(target);
        var y = Math.round(rest);
        if (y !== window.scrollY) window.scrollTo(window.scrollX, y);
      }
      window.helpViewerSectionKeeper = { stop: stop };
      window.addEventListener('resize', keep);
      window.addEventListener('hashchange', stop);
      // Once an animation ends, the box as drawn is where it rests (for transforms `shift`
      // cannot undo, such as a scale). yelp-xsl removes its bounce's class after 500 ms, which
      // on a busy machine comes before the animation's end: the animation is cancelled.
      window.addEventListener('animationend', keep, true);
      window.addEventListener('animationcancel', keep, true);
      acts.forEach(function (name) { window.addEventListener(name, stop, true); });
      // The page's own box changes size too when a scroll bar comes or goes: no resize event.
      if (window.ResizeObserver) {
        observer = new ResizeObserver(keep);
        observer.observe(document.documentElement);
      }
      keep();  // A resize may have come before this script.
    })();
    """
}
