/// A gettext `Plural-Forms` expression such as `(n != 1)` or Polish's
/// `n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2`: C syntax over one
/// variable `n`, evaluated to the index of the plural form.
///
/// ```swift
/// let formula = try PluralFormula("n != 1")
/// formula.index(for: 3)  // 1
/// ```
public struct PluralFormula: Sendable, Equatable {
  /// Why a formula could not be read.
  public struct SyntaxError: Error, Equatable {
    /// What was wrong, for the technical details.
    public let reason: String
  }

  indirect enum Node: Sendable, Equatable {
    case n
    case number(Int)
    case not(Node)
    case binary(String, Node, Node)
    case choice(Node, Node, Node)
  }

  let root: Node

  /// Reads `text`; throws `SyntaxError` for anything that is not a plural expression.
  public init(_ text: String) throws {
    var parser = Parser(tokens: try Self.tokens(of: text))
    root = try parser.choice()
    if parser.position != parser.tokens.count {
      throw SyntaxError(reason: "Unexpected “\(parser.tokens[parser.position])” in “\(text)”.")
    }
  }

  /// The plural form index for `n` (a division by zero counts as 0).
  public func index(for n: Int) -> Int { Self.evaluate(root, n) }

  private static func evaluate(_ node: Node, _ n: Int) -> Int {
    switch node {
    case .n: return n
    case .number(let value): return value
    case .not(let inner): return evaluate(inner, n) == 0 ? 1 : 0
    case .choice(let test, let yes, let no): return evaluate(test, n) != 0 ? evaluate(yes, n) : evaluate(no, n)
    case .binary(let op, let left, let right):
      let a = evaluate(left, n)
      if op == "||" { return a != 0 ? 1 : (evaluate(right, n) != 0 ? 1 : 0) }
      if op == "&&" { return a == 0 ? 0 : (evaluate(right, n) != 0 ? 1 : 0) }
      let b = evaluate(right, n)
      switch op {
      case "==": return a == b ? 1 : 0
      case "!=": return a != b ? 1 : 0
      case "<": return a < b ? 1 : 0
      case ">": return a > b ? 1 : 0
      case "<=": return a <= b ? 1 : 0
      case ">=": return a >= b ? 1 : 0
      case "+": return a &+ b
      case "-": return a &- b
      case "*": return a &* b
      case "/": return b == 0 ? 0 : a / b
      default: return b == 0 ? 0 : a % b
      }
    }
  }

  private static func tokens(of text: String) throws -> [String] {
    let twoCharacter: Set<String> = ["||", "&&", "==", "!=", "<=", ">="]
    let oneCharacter: Set<Character> = ["?", ":", "<", ">", "+", "-", "*", "/", "%", "!", "(", ")"]
    var tokens: [String] = []
    var rest = Substring(text)
    while let first = rest.first {
      if first.isWhitespace || first == ";" {
        rest = rest.dropFirst()
      } else if first.isASCII, first.isNumber {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        tokens.append(String(digits))
        rest = rest.dropFirst(digits.count)
      } else if twoCharacter.contains(String(rest.prefix(2))) {
        tokens.append(String(rest.prefix(2)))
        rest = rest.dropFirst(2)
      } else if first == "n" || oneCharacter.contains(first) {
        tokens.append(String(first))
        rest = rest.dropFirst()
      } else {
        throw SyntaxError(reason: "Unexpected character “\(first)” in “\(text)”.")
      }
    }
    return tokens
  }

  /// Recursive descent in C's precedence: `?:`, `||`, `&&`, equality, relational, additive,
  /// multiplicative, `!`, primary.
  private struct Parser {
    let tokens: [String]
    var position = 0

    private static let levels: [Set<String>] = [
      ["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"],
    ]

    init(tokens: [String]) { self.tokens = tokens }

    private var next: String? { position < tokens.count ? tokens[position] : nil }

    private mutating func expect(_ token: String) throws {
      guard next == token else { throw SyntaxError(reason: "Expected “\(token)”.") }
      position += 1
    }

    mutating func choice() throws -> Node {
      let test = try binary(level: 0)
      guard next == "?" else { return test }
      position += 1
      let yes = try choice()
      try expect(":")
      return .choice(test, yes, try choice())
    }

    private mutating func binary(level: Int) throws -> Node {
      guard level < Self.levels.count else { return try unary() }
      var left = try binary(level: level + 1)
      while let op = next, Self.levels[level].contains(op) {
        position += 1
        left = .binary(op, left, try binary(level: level + 1))
      }
      return left
    }

    private mutating func unary() throws -> Node {
      if next == "!" {
        position += 1
        return .not(try unary())
      }
      guard let token = next else { throw SyntaxError(reason: "The expression ends too early.") }
      position += 1
      if token == "n" { return .n }
      if token == "(" {
        let inner = try choice()
        try expect(")")
        return inner
      }
      guard let value = Int(token) else { throw SyntaxError(reason: "Unexpected “\(token)”.") }
      return .number(value)
    }
  }
}
