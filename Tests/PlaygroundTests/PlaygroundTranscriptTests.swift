import Foundation
import TetherPlaygroundPages
import XCTest

/// Every playground page runs and prints exactly its checked-in transcript.
///
/// To accept a page's new output after an intended change, run the tests with
/// `TETHER_RECORD_TRANSCRIPTS=1`, review the diff of `Playgrounds/Transcripts`, and commit it.
final class PlaygroundTranscriptTests: XCTestCase {
  private var transcriptsFolder: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Playgrounds/Transcripts")
  }

  func testPageNamesAreUnique() {
    let names = PlaygroundPages.all.map(\.name)
    XCTAssertEqual(Set(names).count, names.count)
  }

  func testEveryPageMatchesItsTranscript() throws {
    let record = ProcessInfo.processInfo.environment["TETHER_RECORD_TRANSCRIPTS"] == "1"
    for page in PlaygroundPages.all {
      let output = page.run()
      let file = transcriptsFolder.appendingPathComponent("\(page.name).txt")
      if record {
        try output.write(to: file, atomically: true, encoding: .utf8)
        continue
      }
      guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        XCTFail("page '\(page.name)' has no transcript at \(file.path); record it with TETHER_RECORD_TRANSCRIPTS=1")
        continue
      }
      XCTAssertEqual(output, expected, "page '\(page.name)' differs from Playgrounds/Transcripts/\(page.name).txt")
    }
  }

  func testPagesAreDeterministic() {
    for page in PlaygroundPages.all {
      XCTAssertEqual(page.run(), page.run(), "page '\(page.name)' printed different output on a second run")
    }
  }
}
