extension PageOutline {
  /// The isolated script world the outline's scripts run in: the page's own scripts neither
  /// see them nor the elements they keep.
  public static let world = "help-viewer-text"

  /// Reads the page's text, in reading order, and returns it as JSON for `init(json:)`.
  ///
  /// Walks the DOM: hidden elements (`hidden`, `aria-hidden`, `display: none`,
  /// `visibility: hidden`) and scripts are skipped; an element laid out as a block ends the
  /// paragraph before it; `h1`–`h6` and `role=heading` are headings, `li` list items; links
  /// (`a href`, `role=link`) come after the text they are in; buttons (`button`, `input` buttons,
  /// `role=button`, `summary`) are blocks of their own. Links and buttons are kept, in the
  /// isolated world only, to be activated (`activationScript`). Each reading has a new
  /// generation.
  public static let script = """
    (function () {
      var SKIP = {SCRIPT: 1, STYLE: 1, NOSCRIPT: 1, TEMPLATE: 1, HEAD: 1, TITLE: 1, META: 1, LINK: 1,
                  TEXTAREA: 1, SELECT: 1, IFRAME: 1, OBJECT: 1, EMBED: 1, CANVAS: 1};
      var MAX = \(maxBlocks + 1);
      // `run`: the block being read; `item`: the depth of a list item whose text has not begun
      // (its text may be in a paragraph of its own: `<li><p>…</p></li>`).
      var blocks = [], targets = [], ids = [], run = null, item = 0;
      function clean(text) { return (text || '').replace(/\\s+/g, ' ').trim(); }
      function push(block) {
        if (ids.length) { block.a = ids; ids = []; }
        blocks.push(block);
      }
      function flush() {
        if (!run) return;
        var text = clean(run.t), current = run;
        run = null;
        // A paragraph of links and separators alone ("Help › Basics »") is its links.
        var rest = current.links.reduce(function (left, l) { return left.split(l.t).join(' '); }, text);
        // So is a list item of links alone: its links are the list's items.
        var onlyLinks = (current.k === 'p' || current.k === 'li') && current.links.length > 0 &&
          !/[\\p{L}\\p{N}]/u.test(rest);
        if (text && !onlyLinks) push({k: current.k, t: text, l: current.l, d: current.d});
        current.links.forEach(function (link) {
          if (onlyLinks && current.k === 'li') link.d = current.d;
          push(link);
        });
      }
      function open(kind, level, depth) { flush(); run = {k: kind, t: '', l: level, d: depth, links: []}; }
      function begin() {
        if (run) return;
        if (item) open('li', undefined, item); else open('p');
        item = 0;
      }
      function text(words) { begin(); run.t += words; }
      function hidden(el, style) {
        return el.hidden || el.getAttribute('aria-hidden') === 'true' || style.display === 'none' ||
          style.visibility === 'hidden';
      }
      function label(el) {
        return clean(el.getAttribute('aria-label')) || clean(el.innerText || el.textContent) ||
          clean(el.value) || clean(el.getAttribute('title')) ||
          clean(Array.prototype.map.call(el.querySelectorAll('img[alt]'), function (i) { return i.alt; }).join(' '));
      }
      function isButton(el, tag, role) {
        if (role === 'button' || tag === 'BUTTON' || tag === 'SUMMARY') return true;
        return tag === 'INPUT' && /^(button|submit|reset)$/i.test(el.type);
      }
      function depth(el) {
        var n = 0;
        for (var p = el.parentElement; p; p = p.parentElement) if (p.tagName === 'UL' || p.tagName === 'OL') n++;
        return Math.max(n, 1);
      }
      function walk(node) {
        if (blocks.length > MAX) return;
        if (node.nodeType === 3) { if (node.data.trim() || run) text(node.data); return; }
        if (node.nodeType !== 1) return;
        var el = node, tag = el.tagName.toUpperCase();
        if (SKIP[tag]) return;
        var style = getComputedStyle(el);
        if (hidden(el, style)) return;
        if (el.id) ids.push(el.id);
        if (tag === 'A' && el.name) ids.push(el.name);
        var role = el.getAttribute('role');
        if (isButton(el, tag, role)) {
          flush();
          push({k: 'b', t: label(el), i: targets.push(el) - 1});
          return;
        }
        if ((tag === 'A' && el.hasAttribute('href')) || role === 'link') {
          var words = label(el);
          text(' ' + words + ' ');
          run.links.push({k: 'a', t: words, h: el.href || el.getAttribute('href') || '', i: targets.push(el) - 1});
          return;
        }
        if (tag === 'IMG') { if (el.alt) text(' ' + el.alt + ' '); return; }
        if (tag === 'BR') { text(' '); return; }
        var level = /^H[1-6]$/.test(tag) ? +tag.charAt(1) :
          role === 'heading' ? (parseInt(el.getAttribute('aria-level'), 10) || 2) : 0;
        var listItem = tag === 'LI' || role === 'listitem';
        var block = !/^inline/.test(style.display) && style.display !== 'contents';
        if (level) { open('h', level); item = 0; }
        else if (listItem) { flush(); item = depth(el); }
        else if (block) flush();
        for (var child = el.firstChild; child; child = child.nextSibling) walk(child);
        if (level || listItem || block) flush();
        if (listItem) item = 0;
      }
      if (document.body) walk(document.body);
      flush();
      var generation = (window.__helpViewerTextGeneration || 0) + 1;
      window.__helpViewerTextGeneration = generation;
      window.__helpViewerTextTargets = targets;
      return JSON.stringify({title: document.title, url: location.href, generation: generation, blocks: blocks});
    })()
    """

  /// A script that activates the link or button `target` of reading `generation` as a click
  /// does (WebKit runs it as a user gesture): the page's own handlers run, and the navigation
  /// it starts meets the viewer's navigation policy as a click's does. Returns `"activated"`,
  /// or `"gone"` when the page changed since that reading.
  public static func activationScript(generation: Int, target: Int) -> String {
    """
    (function (generation, target) {
      if (window.__helpViewerTextGeneration !== generation) return 'gone';
      var el = (window.__helpViewerTextTargets || [])[target];
      if (!el || !el.isConnected) return 'gone';
      if (el.focus) el.focus();
      el.click();
      return 'activated';
    })(\(generation), \(target))
    """
  }
}
