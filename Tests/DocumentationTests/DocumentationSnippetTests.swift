import Foundation
import XCTest

/// Keeps the documentation's code samples honest.
///
/// Every ```` ```swift ```` block in `README.md` and in the DocC catalog
/// (`Sources/Tether/Tether.docc/**/*.md`) must be preceded by a marker line
/// `<!-- snippet: NAME -->` and must equal, line for line, the region of a file under
/// `Tests/DocumentationTests/Snippets/` between `// snippet: NAME` and `// snippet-end` (the
/// region's common indentation removed). Those files are compiled with the tests and their test
/// methods run the samples and assert what the prose says, so a sample that stops compiling,
/// stops working or drifts from the tested code fails the suite.
///
/// The one exception is a package-manifest excerpt (how to add Tether to an app), which cannot be
/// compiled inside a test: it is marked `<!-- manifest -->` instead, and every product it names
/// must be a library product of this package.
final class DocumentationSnippetTests: XCTestCase {
  func testEveryDocumentedSampleIsATestedSnippet() throws {
    let snippets = try DocumentationSources.snippets()
    XCTAssertFalse(snippets.isEmpty, "no snippets found under \(DocumentationSources.snippetsFolder.path)")
    var used = Set<String>()
    let documents = try DocumentationSources.documents()
    XCTAssertFalse(documents.isEmpty, "no documents found")
    for document in documents {
      for block in try DocumentationSources.swiftBlocks(in: document) {
        let place = "\(document.lastPathComponent):\(block.line)"
        if block.isManifest {
          try checkManifestExcerpt(block.code, place: place)
          continue
        }
        guard let name = block.snippetName else {
          XCTFail("\(place): a ```swift block without a `<!-- snippet: NAME -->` marker line before it")
          continue
        }
        guard let snippet = snippets[name] else {
          XCTFail("\(place): snippet '\(name)' is not defined under Tests/DocumentationTests/Snippets")
          continue
        }
        used.insert(name)
        if block.code != snippet {
          XCTFail(
            """
            \(place): the sample differs from snippet '\(name)'.
            --- document ---
            \(block.code)
            --- snippet ---
            \(snippet)
            """
          )
        }
      }
    }
    for name in Set(snippets.keys).subtracting(used).sorted() {
      XCTFail("snippet '\(name)' is not shown in any document; remove it or show it")
    }
  }

  /// A sample copied into an app must compile there: it declares the `bag` it disposes into, and
  /// it does not use the standard library's `Synchronization` module (`Mutex`, `Atomic`), which
  /// needs macOS 15 / iOS 18, far above the deployment floor Tether supports.
  func testSamplesDeclareWhatTheyUse() throws {
    let snippets = try DocumentationSources.snippets()
    for document in try DocumentationSources.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      if text.contains("import Synchronization") {
        XCTFail("\(document.lastPathComponent) asks for `import Synchronization` (macOS 15 / iOS 18 only)")
      }
      for block in try DocumentationSources.swiftBlocks(in: document) {
        guard let name = block.snippetName, let code = snippets[name] else { continue }
        let place = "\(document.lastPathComponent):\(block.line)"
        if code.contains("in: bag") && !code.contains("let bag = DisposeBag()") {
          XCTFail("\(place): sample '\(name)' disposes into a `bag` it does not declare")
        }
        for symbol in ["Mutex<", "Mutex(", "Atomic<", "Atomic(", "import Synchronization"] where code.contains(symbol) {
          XCTFail("\(place): sample '\(name)' uses `\(symbol)`, from `Synchronization` (macOS 15 / iOS 18 only)")
        }
      }
    }
  }

  /// The toolchain the documents ask for is the one `Package.swift` declares.
  func testTheStatedToolchainIsTheManifestsToolsVersion() throws {
    let manifest = try String(
      contentsOf: DocumentationSources.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let prefix = "// swift-tools-version: "
    let firstLine = try XCTUnwrap(manifest.split(separator: "\n").first)
    XCTAssertTrue(firstLine.hasPrefix(prefix))
    let toolsVersion = firstLine.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    for document in try DocumentationSources.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      var rest = text[...]
      while let range = rest.range(of: "Swift 6.") {
        let version = "6." + rest[range.upperBound...].prefix { $0.isNumber }
        let after = rest[range.upperBound...].drop { $0.isNumber }
        if after.hasPrefix(" or later") {
          XCTAssertEqual(version, toolsVersion, "\(document.lastPathComponent) asks for Swift \(version)")
        }
        rest = after
      }
    }
  }

  /// The Apple minimums the documents state are the platforms `Package.swift` declares, in full
  /// (and the ones the adapter checks build for).
  ///
  /// A document states them in one sentence, "the minimums are macOS 10.15, iOS 13, ...". The
  /// README must have one; every other document that has one must agree too.
  func testTheStatedPlatformsAreTheManifests() throws {
    let manifest = try String(
      contentsOf: DocumentationSources.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declared = try DocumentationSources.declaredPlatforms(inManifest: manifest)
    XCTAssertEqual(Set(declared.keys), ["macOS", "iOS", "tvOS", "watchOS", "visionOS"], "the manifest's platforms")
    let checks = try String(
      contentsOf: DocumentationSources.packageRoot.appendingPathComponent("Checks/AppleAdapters/Package.swift"),
      encoding: .utf8)
    XCTAssertEqual(
      try DocumentationSources.declaredPlatforms(inManifest: checks), declared,
      "Checks/AppleAdapters must type-check the adapters at Tether's own minimums")
    var readmeStatesThem = false
    for document in try DocumentationSources.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      for statement in DocumentationSources.statedMinimums(in: text) {
        if document.lastPathComponent == "README.md" { readmeStatesThem = true }
        XCTAssertEqual(statement, declared, "\(document.lastPathComponent) states other minimums than Package.swift")
      }
    }
    XCTAssertTrue(readmeStatesThem, "README.md never says \"the minimums are ...\"")
  }

  /// The Combine typealiases the article lists are the ones `Checks/AppleAdapters/CombineSideBySide`
  /// compiles against the stub `Combine` (where `Scripts/check-apple-adapters.sh` drops each in turn
  /// and the build must fail), so the article names every clashing name and no other.
  func testTheCombineAliasesAreTheCheckedOnes() throws {
    let file = DocumentationSources.packageRoot.appendingPathComponent(
      "Checks/AppleAdapters/CombineSideBySide/CombineSideBySide.swift")
    let checked = try DocumentationSources.regions(
      in: String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
    let snippets = try DocumentationSources.snippets()
    let sample = try XCTUnwrap(snippets["combine-name-clash"], "snippet 'combine-name-clash' is missing")
    XCTAssertEqual(checked["combine-name-clash"], sample, "CombineSideBySide.swift's aliases differ from the sample's")
    XCTAssertEqual(sample.split(separator: "\n").count, 4, "the four names Tether shares with Combine")
  }

  func testThePlatformParsersReadWhatTheyMust() throws {
    let manifest = #"  platforms: [.macOS(.v10_15), .iOS(.v13), .visionOS(.v1)],"#
    XCTAssertEqual(
      try DocumentationSources.declaredPlatforms(inManifest: manifest),
      ["macOS": "10.15", "iOS": "13", "visionOS": "1"])
    let text = "Text. On Apple platforms the minimums are macOS 10.15, iOS 13 and\nvisionOS 1 (why). More: iOS 17."
    XCTAssertEqual(DocumentationSources.statedMinimums(in: text), [["macOS": "10.15", "iOS": "13", "visionOS": "1"]])
  }

  private func checkManifestExcerpt(_ code: String, place: String) throws {
    let manifest = try String(
      contentsOf: DocumentationSources.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let libraries = Set(DocumentationSources.quotedNames(after: ".library(name: ", in: manifest))
    let named = DocumentationSources.quotedNames(after: ".product(name: ", in: code)
    XCTAssertFalse(named.isEmpty, "\(place): a manifest excerpt that names no product")
    for product in named where !libraries.contains(product) {
      XCTFail("\(place): the manifest excerpt names '\(product)', which is not a library product of Package.swift")
    }
  }

  func testTheExtractorReadsMarkersAndDedents() throws {
    let source = """
      func f() {
          // snippet: sample
          let a = 1
            print(a)
          // snippet-end
      }
      """
    XCTAssertEqual(try DocumentationSources.regions(in: source, file: "test"), ["sample": "let a = 1\n  print(a)"])
    let markdown = """
      Text.

      <!-- snippet: sample -->
      ```swift
      let a = 1
        print(a)
      ```

      ```swift
      unmarked()
      ```
      """
    let blocks = try DocumentationSources.swiftBlocks(inText: markdown, file: "test")
    XCTAssertEqual(blocks.map(\.snippetName), ["sample", nil])
    XCTAssertEqual(blocks.map(\.code), ["let a = 1\n  print(a)", "unmarked()"])
    XCTAssertEqual(blocks.map(\.line), [4, 9])
    let manifest = try DocumentationSources.swiftBlocks(inText: "<!-- manifest -->\n```swift\nx\n```", file: "test")
    XCTAssertEqual(manifest.map(\.isManifest), [true])
    XCTAssertEqual(DocumentationSources.quotedNames(after: "f(", in: #"f("a") g("b") f("c")"#), ["a", "c"])
  }

  func testAnUnterminatedRegionIsAnError() {
    XCTAssertThrowsError(try DocumentationSources.regions(in: "// snippet: open\nlet a = 1\n", file: "test"))
  }
}

/// Finds the documents and the snippet regions they must match.
enum DocumentationSources {
  struct Block {
    var snippetName: String?
    var isManifest = false
    var code: String
    var line: Int
  }

  struct FormatError: Error, CustomStringConvertible {
    var description: String
  }

  /// The platforms of `Package.swift`'s `platforms:` list, by name: `.macOS(.v10_15)` is
  /// `"macOS": "10.15"`. (Plain scanning: `Regex` needs macOS 13, above the package's floor.)
  static func declaredPlatforms(inManifest manifest: String) throws -> [String: String] {
    let line = try XCTUnwrap(
      manifest.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("platforms: [") },
      "Package.swift declares no platforms")
    var result: [String: String] = [:]
    let parts = line.components(separatedBy: "(.v")
    for (before, after) in zip(parts, parts.dropFirst()) {
      let name = before.split(separator: ".").last.map(String.init) ?? ""
      result[name] = after.prefix { $0.isNumber || $0 == "_" }.replacingOccurrences(of: "_", with: ".")
    }
    return result
  }

  /// Every "the minimums are macOS 10.15, iOS 13, ..." sentence in `text`, by platform name (the
  /// sentence ends at a full stop that ends a word or at an opening parenthesis).
  static func statedMinimums(in text: String) -> [[String: String]] {
    text.components(separatedBy: "the minimums are ").dropFirst().map { rest in
      var sentence = Substring(rest)
      if let end = sentence.range(of: " (") { sentence = sentence[..<end.lowerBound] }
      if let end = sentence.range(of: ". ") { sentence = sentence[..<end.lowerBound] }
      if let end = sentence.range(of: ".\n") { sentence = sentence[..<end.lowerBound] }
      let words = sentence.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
      var stated: [String: String] = [:]
      for (name, version) in zip(words, words.dropFirst())
      where ["macOS", "iOS", "tvOS", "watchOS", "visionOS"].contains(String(name)) {
        stated[String(name)] = String(version)
      }
      return stated
    }
  }

  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  static var snippetsFolder: URL {
    packageRoot.appendingPathComponent("Tests/DocumentationTests/Snippets")
  }

  /// README.md and every Markdown file in the DocC catalog.
  static func documents() throws -> [URL] {
    var result = [packageRoot.appendingPathComponent("README.md")]
    let catalog = packageRoot.appendingPathComponent("Sources/Tether/Tether.docc")
    result += try files(under: catalog, withExtension: "md")
    return result
  }

  static func files(under folder: URL, withExtension ext: String) throws -> [URL] {
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
      return []
    }
    return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }
      .sorted { $0.path < $1.path }
  }

  /// Every snippet region in the snippet sources, by name.
  static func snippets() throws -> [String: String] {
    var result: [String: String] = [:]
    for file in try files(under: snippetsFolder, withExtension: "swift") {
      let text = try String(contentsOf: file, encoding: .utf8)
      for (name, code) in try regions(in: text, file: file.lastPathComponent) {
        guard result.updateValue(code, forKey: name) == nil else {
          throw FormatError(description: "snippet '\(name)' is defined twice (again in \(file.lastPathComponent))")
        }
      }
    }
    return result
  }

  static func regions(in text: String, file: String) throws -> [String: String] {
    var result: [String: String] = [:]
    var open: (name: String, lines: [Substring], line: Int)?
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("// snippet: ") {
        if let open {
          throw FormatError(description: "\(file):\(offset + 1): snippet '\(open.name)' is still open")
        }
        open = (String(trimmed.dropFirst("// snippet: ".count)), [], offset + 1)
      } else if trimmed == "// snippet-end" {
        guard let region = open else {
          throw FormatError(description: "\(file):\(offset + 1): snippet-end without a snippet")
        }
        result[region.name] = dedented(region.lines)
        open = nil
      } else if open != nil {
        open?.lines.append(line)
      }
    }
    if let open {
      throw FormatError(description: "\(file):\(open.line): snippet '\(open.name)' has no snippet-end")
    }
    return result
  }

  static func swiftBlocks(in document: URL) throws -> [Block] {
    try swiftBlocks(inText: String(contentsOf: document, encoding: .utf8), file: document.lastPathComponent)
  }

  static func swiftBlocks(inText text: String, file: String) throws -> [Block] {
    var blocks: [Block] = []
    var lastNonBlank: Substring = ""
    var open: Block?
    var lines: [Substring] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var block = open {
        if trimmed == "```" {
          block.code = dedented(lines)
          blocks.append(block)
          open = nil
        } else {
          lines.append(line)
        }
        continue
      }
      if trimmed == "```swift" {
        var name: String?
        let marker = lastNonBlank.trimmingCharacters(in: .whitespaces)
        if marker.hasPrefix("<!-- snippet: ") && marker.hasSuffix(" -->") {
          name = String(marker.dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
        }
        open = Block(snippetName: name, isManifest: marker == "<!-- manifest -->", code: "", line: offset + 1)
        lines = []
      }
      if !trimmed.isEmpty { lastNonBlank = line }
    }
    if let open {
      throw FormatError(description: "\(file):\(open.line): unterminated code block")
    }
    return blocks
  }

  /// The string literals that directly follow each occurrence of `prefix`.
  static func quotedNames(after prefix: String, in text: String) -> [String] {
    text.components(separatedBy: prefix + "\"").dropFirst().compactMap { rest in
      rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
  }

  /// The lines joined, without their common leading spaces and without blank lines at either end.
  static func dedented(_ lines: [Substring]) -> String {
    var lines = lines.map { String($0) }
    while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    let indent =
      lines.filter { !$0.allSatisfy(\.isWhitespace) }
      .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) }
      .joined(separator: "\n")
  }
}
