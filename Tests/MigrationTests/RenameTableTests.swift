import Foundation
import XCTest

/// `Migration.md`'s table of compiler fix-its and the migration declarations in `Sources/` agree
/// both ways: every `@available(*, deprecated|unavailable, renamed:|message:)` declaration has a
/// row naming the old spelling, what the compiler says to write and whether the old spelling still
/// compiles, and every row has such a declaration.
final class RenameTableTests: XCTestCase {
  func testEveryFixItHasARowAndEveryRowAFixIt() throws {
    let declared = try Set(MigrationSources.declarations().map(\.fixIt))
    let documented = try Set(MigrationSources.tableRows())
    XCTAssertFalse(declared.isEmpty, "no migration declarations found under Sources/")
    XCTAssertFalse(documented.isEmpty, "no rows found in Migration.md's fix-it table")
    for fixIt in declared.subtracting(documented).sorted() {
      XCTFail("Sources declare \(fixIt) but Migration.md's fix-it table has no such row")
    }
    for fixIt in documented.subtracting(declared).sorted() {
      XCTFail("Migration.md lists \(fixIt) but no declaration in Sources/ says so")
    }
  }

  /// Every row of the ReactiveKit and Bond tables has a status the overview defines, and the
  /// "not provided" ones say why the API cannot exist (or that it is being added).
  func testEveryStatusIsOneOfTheFourKinds() throws {
    let statuses = try MigrationSources.statuses()
    XCTAssertFalse(statuses.isEmpty)
    for (row, status) in statuses {
      let kinds = ["same", "renamed", "different", "not provided", "tether's addition"]
      XCTAssertTrue(
        kinds.contains { status.lowercased().hasPrefix($0) },
        "Migration.md: the status of \(row) is '\(status)'; it must start with same, renamed, different or not provided"
      )
    }
  }

  func testTheParsersReadNamesLabelsAndTables() throws {
    let source = """
      extension SignalProtocol {
        /// Doc.
        @available(*, deprecated, renamed: "dropFirst(_:)")
        public func skip(first count: Int) -> Signal<Element, Error> {
          dropFirst(count)
        }

        @available(
          *, unavailable, renamed: "removeDuplicates(by:)",
          message: "closure (inverted)"
        )
        @MainActor
        public func distinctUntilChanged<T: P<Int>>(
          _ areDistinct: @escaping (Element, Element) -> Bool, other: [Int: (Int, Int)] = [:]
        ) -> Signal<Element, Error> { x }

        @available(*, unavailable, message: "use map { _ in }")
        public init(result value: Result<Int, Error>) {}

        @available(*, deprecated, renamed: "collection")
        public var array: [Int] { [] }

        @available(*, deprecated, renamed: "PassthroughSubject")
        public typealias PublishSubject<Element, Error: Swift.Error> = PassthroughSubject<Element, Error>

        @available(*, unavailable)
        extension Diffuser: Sendable {}
      }
      """
    let fixIts = MigrationSources.declarations(in: source, file: "test").map(\.fixIt)
    XCTAssertEqual(
      fixIts,
      [
        MigrationSources.FixIt(old: "skip(first:)", replacement: "dropFirst(_:)", kind: "deprecated"),
        MigrationSources.FixIt(
          old: "distinctUntilChanged(_:other:)", replacement: "removeDuplicates(by:)", kind: "unavailable"),
        MigrationSources.FixIt(old: "init(result:)", replacement: "use map { _ in }", kind: "unavailable"),
        MigrationSources.FixIt(old: "array", replacement: "collection", kind: "deprecated"),
        MigrationSources.FixIt(old: "PublishSubject", replacement: "PassthroughSubject", kind: "deprecated"),
      ])
    let markdown = """
      ## Compiler fix-its

      | ReactiveKit or Bond | write instead | old spelling |
      | --- | --- | --- |
      | `DisposeBag.add(disposable:)` | `add(_:)` | deprecated: compiles, with a warning |
      | `init(result:)` | `use map { _ in }` | unavailable: an error |

      ## Next
      | a | b | c |
      | --- | --- | --- |
      | `x` | `y` | deprecated |
      """
    XCTAssertEqual(
      try MigrationSources.tableRows(inMarkdown: markdown),
      [
        MigrationSources.FixIt(old: "add(disposable:)", replacement: "add(_:)", kind: "deprecated"),
        MigrationSources.FixIt(old: "init(result:)", replacement: "use map { _ in }", kind: "unavailable"),
      ])
  }
}

/// Reads the migration declarations from the sources and the fix-it rows from `Migration.md`.
enum MigrationSources {
  /// One fix-it: the old spelling (member name with argument labels), the `renamed:` string or,
  /// without one, the `message:`, and whether the old spelling is `deprecated` or `unavailable`.
  struct FixIt: Hashable, Comparable, CustomStringConvertible {
    var old: String
    var replacement: String
    var kind: String

    static func < (lhs: FixIt, rhs: FixIt) -> Bool { lhs.description < rhs.description }

    var description: String { "`\(old)` -> `\(replacement)` (\(kind))" }
  }

  struct Declaration {
    var fixIt: FixIt
    var place: String
  }

  struct FormatError: Error, CustomStringConvertible {
    var description: String
  }

  static let fixItSection = "## Compiler fix-its"

  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  static var migrationDocument: URL {
    packageRoot.appendingPathComponent("Sources/Tether/Tether.docc/Migration.md")
  }

  static func declarations() throws -> [Declaration] {
    let sources = packageRoot.appendingPathComponent("Sources")
    guard let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
      return []
    }
    var result: [Declaration] = []
    for case let file as URL in enumerator where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      result += declarations(in: text, file: file.lastPathComponent)
    }
    return result
  }

  /// The declarations of `text` carrying an `@available(*, deprecated|unavailable, ...)` attribute
  /// with a `renamed:` or `message:` argument (a bare `@available(*, unavailable)` is not a fix-it).
  static func declarations(in text: String, file: String) -> [Declaration] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var result: [Declaration] = []
    var index = 0
    while index < lines.count {
      let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("@available(") else {
        index += 1
        continue
      }
      let start = index
      var attribute = ""
      var depth = 0
      repeat {
        let line = lines[index]
        attribute += line.trimmingCharacters(in: .whitespaces) + " "
        depth += line.filter { $0 == "(" }.count - line.filter { $0 == ")" }.count
        index += 1
      } while depth > 0 && index < lines.count
      let arguments = attribute.drop { $0 != "(" }.dropFirst()
      guard arguments.trimmingCharacters(in: .whitespaces).hasPrefix("*") else { continue }
      let kind: String
      if arguments.contains("unavailable") {
        kind = "unavailable"
      } else if arguments.contains("deprecated") {
        kind = "deprecated"
      } else {
        continue
      }
      guard let replacement = quoted(after: "renamed:", in: attribute) ?? quoted(after: "message:", in: attribute)
      else { continue }
      var declaration = ""
      while index < lines.count {
        let line = lines[index].trimmingCharacters(in: .whitespaces)
        index += 1
        if line.hasPrefix("@") || line.hasPrefix("//") || line.isEmpty { continue }
        declaration += line + " "
        if endsHeader(declaration) { break }
      }
      if let old = name(of: declaration) {
        result.append(
          Declaration(
            fixIt: FixIt(old: old, replacement: replacement, kind: kind), place: "\(file):\(start + 1)"))
      }
    }
    return result
  }

  /// The string literal right after `label` in an attribute.
  static func quoted(after label: String, in attribute: String) -> String? {
    guard let range = attribute.range(of: label) else { return nil }
    let rest = attribute[range.upperBound...].drop { $0 == " " }
    guard rest.first == "\"" else { return nil }
    let body = rest.dropFirst()
    guard let end = body.firstIndex(of: "\"") else { return nil }
    return String(body[..<end])
  }

  /// Whether `declaration` holds enough to name it: a complete parameter clause, or a `{` or
  /// `=` outside any parentheses or brackets (a property, a type alias).
  static func endsHeader(_ declaration: String) -> Bool {
    var depth = 0
    for character in declaration {
      switch character {
      case "(", "[": depth += 1
      case ")", "]":
        depth -= 1
        if depth == 0 && character == ")" { return true }
      case "{", "=": if depth == 0 { return true }
      default: break
      }
    }
    return false
  }

  /// `name(label:label:)` for a function or initializer, the bare name for a property or type.
  static func name(of declaration: String) -> String? {
    let words = declaration.split(separator: " ").map(String.init)
    let modifiers: Set = ["public", "static", "convenience", "final", "mutating", "nonisolated", "override"]
    guard let keywordIndex = words.firstIndex(where: { !modifiers.contains($0) }) else { return nil }
    let keyword = words[keywordIndex]
    if keyword.hasPrefix("init") {
      return "init(" + labels(in: declaration, after: declaration.range(of: "init")!.upperBound) + ")"
    }
    guard keywordIndex + 1 < words.count else { return nil }
    let rest = words[(keywordIndex + 1)...].joined(separator: " ")
    let identifier = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    switch keyword {
    case "func":
      let afterName = declaration.range(of: "func " + identifier)!.upperBound
      return identifier + "(" + labels(in: declaration, after: afterName) + ")"
    case "var", "let", "typealias", "class", "struct", "enum", "protocol":
      return identifier
    default:
      return nil
    }
  }

  /// The argument labels of the parameter clause that starts at `start` (after any generic
  /// parameter clause), each followed by a colon.
  static func labels(in declaration: String, after start: String.Index) -> String {
    var rest = declaration[start...]
    if rest.first == "<" {
      var depth = 0
      while let character = rest.first {
        rest = rest.dropFirst()
        if character == "<" { depth += 1 }
        if character == ">" {
          depth -= 1
          if depth == 0 { break }
        }
      }
    }
    guard rest.first == "(" else { return "" }
    rest = rest.dropFirst()
    var parameters: [String] = []
    var current = ""
    var depth = 0
    var previous: Character = " "
    for character in rest {
      defer { previous = character }
      if "([<".contains(character) { depth += 1 }
      if ")]>".contains(character) && !(character == ">" && previous == "-") {
        if depth == 0 { break }
        depth -= 1
      }
      if character == "," && depth == 0 {
        parameters.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty { parameters.append(current) }
    return parameters.map { parameter in
      let names = parameter.split(separator: ":", maxSplits: 1).first ?? ""
      let label = names.split(separator: " ").first.map(String.init) ?? "_"
      return label + ":"
    }.joined()
  }

  static func tableRows() throws -> [FixIt] {
    try tableRows(inMarkdown: String(contentsOf: migrationDocument, encoding: .utf8))
  }

  /// The rows of the tables in the fix-it section: the old spelling (a qualified name loses its
  /// type), the first code span of the second column, and the first word of the third.
  static func tableRows(inMarkdown markdown: String) throws -> [FixIt] {
    var inSection = false
    var rows: [FixIt] = []
    for line in markdown.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("## ") { inSection = line == fixItSection }
      guard inSection, line.hasPrefix("|"), !line.hasPrefix("| ---") else { continue }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, let old = codeSpan(in: cells[0]), let replacement = codeSpan(in: cells[1]) else {
        continue
      }
      let kind = String(cells[2].prefix { $0.isLetter })
      rows.append(FixIt(old: unqualified(old), replacement: replacement, kind: kind))
    }
    return rows
  }

  static func codeSpan(in cell: String) -> String? {
    guard let open = cell.firstIndex(of: "`") else { return nil }
    let rest = cell[cell.index(after: open)...]
    guard let close = rest.firstIndex(of: "`") else { return nil }
    return String(rest[..<close])
  }

  /// `DisposeBag.add(disposable:)` -> `add(disposable:)`.
  static func unqualified(_ name: String) -> String {
    let head = name.prefix { $0 != "(" }
    guard let dot = head.lastIndex(of: ".") else { return name }
    return String(name[name.index(after: dot)...])
  }

  /// The status cell (the last one) of every row of the ReactiveKit and Bond tables.
  static func statuses() throws -> [(String, String)] {
    let markdown = try String(contentsOf: migrationDocument, encoding: .utf8)
    var inScope = false
    var result: [(String, String)] = []
    for line in markdown.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("## ") { inScope = line == "## From ReactiveKit" || line == "## From Bond 7" }
      guard inScope, line.hasPrefix("|"), !line.hasPrefix("| ---") else { continue }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      // A table's header row names its columns; its last one is "status".
      guard cells.count >= 5, cells[cells.count - 2] != "status" else { continue }
      result.append((cells[1], cells[cells.count - 2]))
    }
    return result
  }
}
