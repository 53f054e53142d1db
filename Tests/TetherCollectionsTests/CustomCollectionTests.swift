import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

/// A plain collection type of the app's own.
struct Playlist<Track>: RangeReplaceableCollection {
  private var tracks: [Track] = []
  init() {}
  var startIndex: Int { tracks.startIndex }
  var endIndex: Int { tracks.endIndex }
  subscript(position: Int) -> Track { tracks[position] }
  func index(after index: Int) -> Int { index + 1 }
  mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Track {
    tracks.replaceSubrange(subrange, with: newElements)
  }
}

/// The one line that makes it observable (compare Bond's migration notes).
typealias ObservablePlaylist<Track> = MutableObservableCollection<Playlist<Track>>

/// A collection that is not range-replaceable: observable, but only replaced as a whole.
struct Countdown: Collection {
  var from: Int
  var startIndex: Int { 0 }
  var endIndex: Int { from }
  subscript(position: Int) -> Int { from - position }
  func index(after index: Int) -> Int { index + 1 }
}

final class CustomCollectionTests: XCTestCase {
  func testAPlainCollectionTypeBecomesObservableWithOneTypeAlias() {
    let playlist = ObservablePlaylist(Playlist(["intro", "song"]))
    let log = ChangesetLog(playlist)
    playlist.append("outro")
    playlist.move(from: 2, to: 0)
    playlist.batchUpdate { batch in
      batch.remove(at: 1)
      batch.insert("bonus", at: 0)
    }
    XCTAssertEqual(Array(playlist.collection), ["bonus", "outro", "song"])
    XCTAssertTrue(log.changesets[0].isReload)
    var previous = Array(log.changesets[0].collection)
    for changeset in log.changes {
      assertReplays(changeset, from: Playlist(previous))
      previous = Array(changeset.collection)
    }
  }

  func testAnyCollectionCanBeReplacedAndObserved() {
    let countdown = MutableObservableCollection(Countdown(from: 3))
    let log = ChangesetLog(countdown)
    countdown.replace(with: Countdown(from: 2))
    XCTAssertEqual(log.changesets.map { Array($0.collection) }, [[3, 2, 1], [2, 1]])
    XCTAssertTrue(log.last.isReload)
  }
}

extension Playlist {
  init(_ tracks: [Track]) {
    self.init()
    append(contentsOf: tracks)
  }
}
