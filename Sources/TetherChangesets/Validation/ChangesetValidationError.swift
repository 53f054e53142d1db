/// What is wrong with a diff or a patch, described in the terms `UITableView` uses.
///
/// ```swift
/// do {
///   try diff.validate(oldItemCounts: [3], newItemCounts: [5])
/// } catch {
///   print(error)  // section 0 had 3 items, 1 inserted and 0 deleted, but now has 5
/// }
/// ```
public enum ChangesetValidationError: Error, Hashable, Sendable {
  /// The kind of change an entry of a diff or an operation of a patch makes.
  public enum Change: String, Hashable, Sendable {
    /// An insert (final index space).
    case insert
    /// A delete (source index space).
    case delete
    /// An update (source index space).
    case update
    /// The source of a move (source index space).
    case moveSource = "move source"
    /// The target of a move (final index space).
    case moveTarget = "move target"
  }

  /// Where an entry points.
  public enum Location: Hashable, Sendable, CustomStringConvertible {
    /// An offset in a flat collection.
    case index(Int)
    /// A section of a sectioned collection (an index path of length 1).
    case section(Int)
    /// An item of a sectioned collection (an index path of length 2).
    case item(Int, section: Int)

    /// `index 3`, `section 1` or `item 2 in section 0`.
    public var description: String {
      switch self {
      case .index(let index): "index \(index)"
      case .section(let section): "section \(section)"
      case .item(let item, let section): "item \(item) in section \(section)"
      }
    }
  }

  /// Whose counts do not add up.
  public enum Scope: Hashable, Sendable {
    /// The elements of a flat collection.
    case elements
    /// The sections of a sectioned collection.
    case sections
    /// The items of one section, which has index `old` before the change and `new` after it.
    case items(section: Int, newSection: Int)
  }

  /// An entry points past the end of the collection (or the section) it addresses. `count` is the
  /// number of elements (items, sections) in the index space of `change`: before the update for
  /// deletes, updates and move sources, after it for inserts and move targets.
  case indexOutOfRange(change: Change, location: Location, count: Int)

  /// An item entry addresses a section that does not exist; `sectionCount` is the number of sections
  /// in the index space of `change`.
  case sectionOutOfRange(change: Change, location: Location, sectionCount: Int)

  /// The same kind of change lists the same location twice.
  case duplicateIndex(change: Change, location: Location)

  /// Two changes address the same location in the same index space: an index both deleted and
  /// moved, both deleted and updated, both inserted and a move target, or (where illegal) both
  /// moved and updated.
  case conflictingChanges(location: Location, first: Change, second: Change)

  /// An item change addresses a section that is itself deleted, reloaded or inserted, or an item
  /// move addresses a section that moves: `sectionChange` is `.moveSource` for an item moved out
  /// of (or within) a moved section, `.moveTarget` for one moved into a moved section.
  case itemInChangedSection(change: Change, location: Location, sectionChange: Change)

  /// An index path of a sectioned diff is neither a section (length 1) nor an item (length 2).
  case malformedIndexPath(change: Change, path: [Int])

  /// Operation number `step` of a patch addresses `index` in a collection of `count` elements.
  case patchIndexOutOfRange(step: Int, change: Change, index: Int, count: Int)

  /// The counts do not add up: `oldCount - deleted - movedOut + inserted + movedIn != newCount`.
  case countMismatch(
    scope: Scope,
    oldCount: Int,
    inserted: Int,
    deleted: Int,
    movedIn: Int,
    movedOut: Int,
    newCount: Int
  )
}

extension ChangesetValidationError: CustomStringConvertible {
  /// A sentence in `UITableView`'s terms, such as
  /// `section 0 had 3 items, 1 inserted and 0 deleted, but now has 5`.
  public var description: String {
    switch self {
    case .indexOutOfRange(let change, let location, let count):
      let when = change.isInFinalSpace ? "after" : "before"
      return
        "\(change.rawValue) at \(location) is out of range: there are \(count) \(location.noun(count)) \(when) the update"
    case .sectionOutOfRange(let change, let location, let sectionCount):
      let when = change.isInFinalSpace ? "after" : "before"
      return "\(change.rawValue) at \(location) is out of range: there are \(sectionCount) sections \(when) the update"
    case .duplicateIndex(let change, let location):
      return "\(location) is listed twice as \(change.withArticle)"
    case .conflictingChanges(let location, let first, let second):
      return "\(location) is both \(first.withArticle) and \(second.withArticle)"
    case .itemInChangedSection(let change, let location, let sectionChange):
      if sectionChange == .moveSource || sectionChange == .moveTarget {
        return "\(change.rawValue) at \(location) addresses a section that is being moved"
      }
      return "\(change.rawValue) at \(location) addresses a section that is \(sectionChange.withArticle)"
    case .malformedIndexPath(let change, let path):
      return
        "\(change.rawValue) at \(path) is neither a section (a path of length 1) nor an item (a path of length 2)"
    case .patchIndexOutOfRange(let step, let change, let index, let count):
      return
        "patch operation \(step) (\(change.rawValue)): index \(index) is out of range for a collection of \(count) elements"
    case .countMismatch(let scope, let oldCount, let inserted, let deleted, let movedIn, let movedOut, let newCount):
      let subject: String
      let noun: String
      switch scope {
      case .elements: (subject, noun) = ("the collection", "elements")
      case .sections: (subject, noun) = ("the collection", "sections")
      case .items(let section, let newSection):
        subject = section == newSection ? "section \(section)" : "section \(section) (now \(newSection))"
        noun = "items"
      }
      let moves = movedIn == 0 && movedOut == 0 ? "" : ", \(movedIn) moved in and \(movedOut) moved out"
      return
        "\(subject) had \(oldCount) \(noun), \(inserted) inserted and \(deleted) deleted\(moves), but now has \(newCount)"
    }
  }
}

extension ChangesetValidationError.Change {
  var isInFinalSpace: Bool { self == .insert || self == .moveTarget }

  /// "an insert", "a delete", "an update", "a move source", "a move target".
  var withArticle: String {
    (self == .insert || self == .update ? "an " : "a ") + rawValue
  }
}

extension ChangesetValidationError.Location {
  fileprivate func noun(_ count: Int) -> String {
    switch self {
    case .index: count == 1 ? "element" : "elements"
    case .section: count == 1 ? "section" : "sections"
    case .item(_, let section): count == 1 ? "item in section \(section)" : "items in section \(section)"
    }
  }
}
