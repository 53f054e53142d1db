import Foundation
import TetherChangesets
import TetherSynchronization

/// A sectioned changeset of any ``SectionedDataSourceProtocol`` collection, made from the collection
/// and a sectioned diff (or a reload): the way to bind a collection that reports its own changes as
/// index paths, such as the Diffuser's `DiffCollection` bins.
///
/// ```swift
/// extension Schedule: SectionedDataSourceProtocol { ... }
/// let changes = Property(SectionedDiffChangeset(reloading: schedule))
/// changes.bind(to: tableView) { schedule, indexPath, view in ... }
/// changes.value = SectionedDiffChangeset(collection: schedule, diff: .init(inserts: [[1, 0]]))
/// ```
///
/// Its patch steps carry positions only (``PatchStep``): a sectioned view needs nothing more, and
/// the collection need not be able to hand out its sections as tree nodes.
public struct SectionedDiffChangeset<Collection: SectionedDataSourceProtocol>: SectionedDataSourceChangeset {
  /// The diff form: section entries (paths of length 1) and item entries (length 2).
  public typealias Diff = OrderedCollectionDiff<IndexPath>

  /// One patch step, positions only.
  public typealias Operation = PatchStep<IndexPath>

  /// The collection in its final state.
  public let collection: Collection

  /// Whether the whole collection was replaced (the view must reload).
  public let isReload: Bool

  private let cache: DerivedFormCache

  /// Creates a changeset from the final collection and the diff that describes the change.
  ///
  /// - Complexity: O(1); the patch is derived on first use.
  public init(collection: Collection, diff: Diff) {
    self.collection = collection
    isReload = false
    cache = DerivedFormCache(diff: diff, patch: nil)
  }

  /// Creates a changeset from the final collection and the steps that produced it, each applying to
  /// the state right before it (a tree patch of sections and items, positions only).
  ///
  /// - Complexity: O(1); the diff is derived on first use.
  public init(collection: Collection, patch: [Operation]) {
    self.collection = collection
    isReload = false
    cache = DerivedFormCache(diff: nil, patch: patch)
  }

  /// Creates a reload changeset: the whole collection was replaced. Never an empty diff.
  public init(reloading collection: Collection) {
    self.collection = collection
    isReload = true
    cache = DerivedFormCache(diff: Diff(), patch: [])
  }

  /// The change in batch-update form; empty for a reload.
  ///
  /// - Complexity: O(1) when made from a diff or after the first read; otherwise O(k d log(k d))
  ///   once for k steps on paths of length at most d.
  public var diff: Diff {
    cache.diff { patch in
      Diff(fromTreePatch: patch.map(\.positionOnlyOperation))
    }
  }

  /// The change as steps applied in order; empty for a reload.
  ///
  /// - Complexity: O(1) when made from a patch or after the first read; otherwise O(n + k log k)
  ///   once, for n items and a diff of k entries.
  public var patch: [Operation] {
    cache.patch { [collection] diff in
      let shape = TreeArray(
        (0..<collection.numberOfSections).map { section in
          TreeNode((), Array(repeating: TreeNode(()), count: collection.numberOfItems(inSection: section)))
        }
      )
      return diff.generateTreePatch(to: shape).map(\.step)
    }
  }
}

extension SectionedDiffChangeset: SectionedGivenFormChecking {
  package func checkDiffDerivation(from previous: Any) throws(ChangesetValidationError) {
    guard cache.givenForms == .patch, let previous = previous as? Collection else { return }
    let shape = TreeArray(
      (0..<previous.numberOfSections).map { section in
        TreeNode((), Array(repeating: TreeNode(()), count: previous.numberOfItems(inSection: section)))
      }
    )
    let operations = patch.map { step -> OrderedCollectionOperation<TreeNode<Void>, IndexPath> in
      switch step {
      case .insert(let path): .insert(TreeNode(()), at: path)
      case .delete(let path): .delete(at: path)
      case .update(let path): .update(at: path, newElement: TreeNode(()))
      case .move(let from, let to): .move(from: from, to: to)
      }
    }
    do {
      try TreeChangesetValidator.validate(operations, on: shape)
    } catch {
      throw ChangesetValidationError(error)
    }
  }
}

extension SectionedDiffChangeset: SectionedDataSourceChangesetConvertible {
  /// The changeset itself.
  public var asSectionedDataSourceChangeset: Self { self }
}

// Safe: the collection is `Sendable` and the cache only holds `Sendable` diffs and steps.
extension SectionedDiffChangeset: Sendable where Collection: Sendable {}

extension SectionedDiffChangeset: CustomStringConvertible {
  /// `reload` or the diff.
  public var description: String {
    isReload ? "reload" : "diff \(diff)"
  }
}

extension PatchStep where Index == IndexPath {
  fileprivate var positionOnlyOperation: OrderedCollectionOperation<Void, IndexPath> {
    switch self {
    case .insert(let path): .insert((), at: path)
    case .delete(let path): .delete(at: path)
    case .update(let path): .update(at: path, newElement: ())
    case .move(let from, let to): .move(from: from, to: to)
    }
  }
}

/// The diff and patch of one changeset, the missing form derived once on first use and shared by
/// copies (a reference, guarded by a lock; the derivation runs outside the lock).
private final class DerivedFormCache: Sendable {
  private let forms: Locked<(diff: OrderedCollectionDiff<IndexPath>?, patch: [PatchStep<IndexPath>]?)>
  /// The forms the changeset was created with.
  let givenForms: ChangesetGivenForms

  init(diff: OrderedCollectionDiff<IndexPath>?, patch: [PatchStep<IndexPath>]?) {
    forms = Locked((diff, patch))
    givenForms = diff == nil ? .patch : patch == nil ? .diff : .both
  }

  func diff(
    deriving derive: ([PatchStep<IndexPath>]) -> OrderedCollectionDiff<IndexPath>
  )
    -> OrderedCollectionDiff<IndexPath>
  {
    let known = forms.withLock { $0 }
    if let diff = known.diff { return diff }
    let derived = derive(known.patch ?? [])
    return forms.withLock { forms in
      if let raced = forms.diff { return raced }
      forms.diff = derived
      return derived
    }
  }

  func patch(deriving derive: (OrderedCollectionDiff<IndexPath>) -> [PatchStep<IndexPath>]) -> [PatchStep<IndexPath>] {
    let known = forms.withLock { $0 }
    if let patch = known.patch { return patch }
    let derived = derive(known.diff ?? OrderedCollectionDiff())
    return forms.withLock { forms in
      if let raced = forms.patch { return raced }
      forms.patch = derived
      return derived
    }
  }
}
