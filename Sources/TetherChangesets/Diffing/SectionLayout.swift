import Foundation

/// Where the items of kept sections sit in the flat item arrays of a sectioned diff, and how the
/// item matching turns into `IndexPath` changes. Non-generic: compiled once in the module.
@usableFromInline
internal struct _SectionLayout {
  /// For each old section, its new offset when it is kept (matched, changed or not), else -1.
  @usableFromInline
  internal var newSectionOfOld: [Int]

  /// For each new section, its old offset when it is kept, else -1.
  @usableFromInline
  internal var oldSectionOfNew: [Int]

  /// Section and row of each flat old item.
  @usableFromInline
  internal var oldItemSection: [Int32] = []

  @usableFromInline
  internal var oldItemRow: [Int32] = []

  /// Section and row of each flat new item.
  @usableFromInline
  internal var newItemSection: [Int32] = []

  @usableFromInline
  internal var newItemRow: [Int32] = []

  /// The first flat new item of each new section (one extra entry at the end).
  @usableFromInline
  internal var newSectionStart: [Int] = []

  /// Whether each old section moves (a section move of the diff).
  @usableFromInline
  internal var movedOld: [Bool]

  /// Whether each new section is the target of a section move.
  @usableFromInline
  internal var movedNew: [Bool]

  @usableFromInline
  internal init(sectionMatching: _Matching, sectionMoves: [(from: Int, to: Int)]) {
    newSectionOfOld = sectionMatching.oldMatch.map { $0 < 0 ? Int(~$0) : -1 }
    oldSectionOfNew = [Int](repeating: -1, count: sectionMatching.newMatch.count)
    for (old, new) in newSectionOfOld.enumerated() where new >= 0 { oldSectionOfNew[new] = old }
    movedOld = [Bool](repeating: false, count: newSectionOfOld.count)
    movedNew = [Bool](repeating: false, count: oldSectionOfNew.count)
    for move in sectionMoves {
      movedOld[move.from] = true
      movedNew[move.to] = true
    }
  }

  @usableFromInline
  internal var keptOldSections: [Int] { newSectionOfOld.indices.filter { newSectionOfOld[$0] >= 0 } }

  @usableFromInline
  internal var keptNewSections: [Int] { oldSectionOfNew.indices.filter { oldSectionOfNew[$0] >= 0 } }

  @usableFromInline
  internal mutating func appendOldItems(of section: Int, count: Int) {
    oldItemSection.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: section), count: count))
    oldItemRow.append(contentsOf: (0..<Int32(truncatingIfNeeded: count)))
  }

  @usableFromInline
  internal mutating func appendNewItems(of section: Int, count: Int) {
    while newSectionStart.count <= section { newSectionStart.append(newItemSection.count) }
    newItemSection.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: section), count: count))
    newItemRow.append(contentsOf: (0..<Int32(truncatingIfNeeded: count)))
  }

  /// The new offset of the section pair a flat old item belongs to.
  @usableFromInline
  internal func pairedSection(ofOldItem flat: Int) -> Int {
    newSectionOfOld[Int(oldItemSection[flat])]
  }

  /// The new section of a flat new item.
  @usableFromInline
  internal func section(ofNewItem flat: Int) -> Int {
    Int(newItemSection[flat])
  }

  @usableFromInline
  internal func oldPath(_ flat: Int) -> IndexPath {
    [Int(oldItemSection[flat]), Int(oldItemRow[flat])]
  }

  @usableFromInline
  internal func newPath(_ flat: Int) -> IndexPath {
    [Int(newItemSection[flat]), Int(newItemRow[flat])]
  }

  /// The item changes of a matching of the flat items: an item that stays in its (kept) section
  /// moves only when it leaves a longest run that kept its order in that section; an item that
  /// changes section always moves. A move UIKit cannot make in the batch that moves sections (out
  /// of, into or within a moved section) is a delete and an insert instead, without an update.
  @usableFromInline
  internal func itemChangeset(_ matching: _Matching, updated: [Bool]) -> IndexPathChangeset {
    let newCount = newItemSection.count
    // For each new item: its old flat offset when it stays in the section it was in, else -1.
    var staying = [Int32](repeating: -1, count: newCount)
    var candidates = [Int](repeating: 0, count: oldSectionOfNew.count)
    for (old, match) in matching.oldMatch.enumerated() where match < 0 {
      let new = Int(~match)
      let section = Int(newItemSection[new])
      if newSectionOfOld[Int(oldItemSection[old])] == section {
        staying[new] = Int32(truncatingIfNeeded: old)
        candidates[section] += 1
      }
    }
    var kept = [Bool](repeating: false, count: newCount)
    staying.withUnsafeBufferPointer { staying in
      for section in oldSectionOfNew.indices where candidates[section] > 0 {
        let start = newSectionStart[section]
        let end = section + 1 < newSectionStart.count ? newSectionStart[section + 1] : newCount
        let slice = UnsafeBufferPointer(rebasing: staying[start..<end])
        for position in _longestIncreasingSubsequence(slice, candidateCount: candidates[section]) {
          kept[start + Int(position)] = true
        }
      }
    }
    var changeset = IndexPathChangeset()
    var reinserted = [Bool](repeating: false, count: newCount)
    for (old, match) in matching.oldMatch.enumerated() {
      guard match < 0 else {
        changeset.deletes.append(oldPath(old))
        continue
      }
      let new = Int(~match)
      if !kept[new] && (movedOld[Int(oldItemSection[old])] || movedNew[Int(newItemSection[new])]) {
        changeset.deletes.append(oldPath(old))
        reinserted[new] = true
        continue
      }
      if updated[old] { changeset.updates.append((old: oldPath(old), new: newPath(new))) }
      if !kept[new] { changeset.moves.append((old: oldPath(old), new: newPath(new))) }
    }
    for (new, match) in matching.newMatch.enumerated() where match == -1 || reinserted[new] {
      changeset.inserts.append(newPath(new))
    }
    return changeset
  }
}
