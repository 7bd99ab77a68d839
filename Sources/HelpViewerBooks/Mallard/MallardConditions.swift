import HelpViewerCXML2

/// Which branch of a Mallard Conditionals `if:choose` the searchable text keeps: the one a
/// rendered page shows by default. A test is a list of tokens, any of which makes it true; a
/// token is terms joined by `+`, all of which must hold. Of the terms, only `target:html` holds
/// (the page is shown as HTML); any other (`platform:gnome-classic`, `action:install`, …) does not,
/// so its negation (`!platform:gnome-classic`) does.
///
/// ```swift
/// // <if:choose><if:when test="platform:gnome-classic">…</if:when><if:else>shown</if:else></if:choose>
/// MallardConditions.branch(of: choose)   // the if:else
/// ```
enum MallardConditions {
  /// Whether `node` is an `if:choose`.
  static func isChoose(_ node: xmlNodePtr) -> Bool {
    isConditional(node, "choose")
  }

  /// The first `if:when` of `choose` whose test holds, else its `if:else`; `nil` when neither.
  static func branch(of choose: xmlNodePtr) -> xmlNodePtr? {
    var child = choose.pointee.children
    var otherwise: xmlNodePtr?
    while let current = child {
      if isConditional(current, "when"), holds(PageTextExtractor.attribute(current, "test") ?? "") { return current }
      if otherwise == nil, isConditional(current, "else") { otherwise = current }
      child = current.pointee.next
    }
    return otherwise
  }

  /// Whether the test `test` holds.
  static func holds(_ test: String) -> Bool {
    test.split(whereSeparator: \.isWhitespace).contains { token in
      token.split(separator: "+").allSatisfy { term in
        term.hasPrefix("!") ? term.dropFirst() != "target:html" : term == "target:html"
      }
    }
  }

  private static func isConditional(_ node: xmlNodePtr, _ name: String) -> Bool {
    node.pointee.type == XML_ELEMENT_NODE && MallardPageText.namespace(of: node) == MallardPageText.conditionalNamespace
      && PageTextExtractor.name(node) == name
  }
}
