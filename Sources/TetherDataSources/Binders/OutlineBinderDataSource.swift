import Foundation
import TetherChangesets
import TetherSynchronization

/// Drives an outline view (`NSOutlineView`-like) from tree changesets, replaying each changeset's
/// patch operation by operation, and answers the view's data-source questions with stable
/// ``OutlineItem`` objects.
///
/// - The first changeset, and every reload changeset, rebuild the items and call `reloadData()`.
/// - Any other changeset replays its patch between `beginUpdates()` and `endUpdates()`: an insert
///   becomes `insertItems(at:inParent:withAnimation:)`, a delete
///   `removeItems(at:inParent:withAnimation:)`, a move `moveItem(at:inParent:to:inParent:)`, each
///   relative to the tree right before it; the items are changed in step, so the view's questions
///   are always answered from the state it expects.
/// - Updated items keep their object; they are reloaded with `reloadItem(_:reloadChildren:)`
///   after `endUpdates()` unless a later operation removed them.
///
/// A changeset whose patch does not address the nodes of the tree the view shows or does not end
/// at the new tree's shape (a hand-built one, say, or an empty diff while the tree changed), or
/// that was made from a diff that is not valid between the two trees, is not sent to the view:
/// the binder reloads and tells ``didFallBackToReload(because:)``.
///
/// The binder holds its view weakly and runs on the main actor.
@MainActor
open class OutlineBinderDataSource<Tree: TreeProtocol, View: OutlineViewProtocol>: OutlineViewDataSource {
  /// The values of the tree's nodes.
  public typealias Value = Tree.ChildNode.Value

  /// Makes the cell showing an item.
  public typealias CellFactory = @MainActor (OutlineItem<Value>, View) -> View.Cell

  /// The view the binder drives; setting it installs the binder as the view's data source (and
  /// uninstalls it from the view it drove before) and reloads the view.
  public weak var view: View? {
    didSet {
      // A view the binder leaves stops asking it, unless another binder took it over already.
      if let oldValue, oldValue !== view, oldValue.outlineDataSource === self { oldValue.outlineDataSource = nil }
      guard let view else { return }
      view.outlineDataSource = self
      if changeset != nil { view.reloadData() }
    }
  }

  /// The last changeset applied.
  public private(set) var changeset: TreeChangeset<Tree>?

  /// The items of the roots, in order.
  public private(set) var roots: [OutlineItem<Value>] = []

  /// The animations of item updates.
  open var animations: FlatViewAnimations

  private let createCell: CellFactory?

  /// Creates a binder that makes cells with `createCell` (`nil` only in subclasses that override
  /// ``cell(for:in:)``).
  public init(animations: FlatViewAnimations = .fade, createCell: CellFactory? = nil) {
    self.animations = animations
    self.createCell = createCell
  }

  /// Brings the view up to date with `newChangeset`: a reload or a replay of its patch.
  ///
  /// - Complexity: O(n + k (d + c)) for a tree of n nodes and k operations: the patch is checked
  ///   against the shapes of the tree the view shows and the new tree (O(n)) before it is replayed
  ///   (a changeset made from a diff also has its diff checked, O(n + k d log(k d))).
  open func apply(_ newChangeset: TreeChangeset<Tree>) {
    let previous = changeset
    changeset = newChangeset
    guard let view, let previous, !newChangeset.isReload else {
      rebuildItems(from: newChangeset.collection)
      view?.reloadData()
      return
    }
    do throws(TreeChangesetValidationError) {
      if Tree.self is AnyObject.Type {
        // An object tree's changesets share its live nodes: the previous collection is the new one.
        try TreeChangesetValidator.validate(newChangeset.patch, on: previous.collection)
      } else {
        if newChangeset.givenForms == .diff {
          // The patch is derived from the diff, which must be valid first (deriving trusts it).
          try TreeChangesetValidator.validate(newChangeset.diff, from: previous.collection, to: newChangeset.collection)
        }
        try TreeChangesetValidator.validate(newChangeset.patch, from: previous.collection, to: newChangeset.collection)
      }
    } catch {
      didFallBackToReload(because: error)
      rebuildItems(from: newChangeset.collection)
      view.reloadData()
      return
    }
    if animations.isAnimated {
      applyPatch(newChangeset.patch, to: view)
    } else {
      view.performWithoutAnimation { applyPatch(newChangeset.patch, to: view) }
    }
  }

  /// Called when a changeset's patch does not address the nodes the view shows or does not end at
  /// the new tree's shape (as a hand-built changeset may); the binder rebuilds its items and
  /// reloads instead of sending the view an update it would reject. Does nothing unless overridden.
  open func didFallBackToReload(because error: TreeChangesetValidationError) {}

  /// Replays `patch` on the items and on `view` (see the type's documentation).
  ///
  /// - Complexity: O(k (d + c)) for k operations on paths of length d among c siblings.
  open func applyPatch(_ patch: [TreeChangeset<Tree>.Operation], to view: View) {
    guard !patch.isEmpty else { return }
    let insertion = View.animationOptions(animations.isAnimated ? animations.insertion : [])
    let removal = View.animationOptions(animations.isAnimated ? animations.removal : [])
    var updated: [OutlineItem<Value>] = []
    view.beginUpdates()
    for operation in patch {
      switch operation {
      case .insert(let node, let path):
        let (parent, index) = place(path)
        let item = OutlineItem<Value>.subtree(node)
        insert(item, into: parent, at: index)
        view.insertItems(at: [index], inParent: parent, withAnimation: insertion)
      case .delete(let path):
        let (parent, index) = place(path)
        remove(from: parent, at: index).markRemoved()
        view.removeItems(at: [index], inParent: parent, withAnimation: removal)
      case .move(let from, let to):
        let (oldParent, fromIndex) = place(from)
        let item = remove(from: oldParent, at: fromIndex)
        let (newParent, toIndex) = place(to)
        insert(item, into: newParent, at: toIndex)
        view.moveItem(at: fromIndex, inParent: oldParent, to: toIndex, inParent: newParent)
      case .update(let path, let node):
        let item = self.item(at: path)
        item.value = node.value
        updated.append(item)
      }
    }
    view.endUpdates()
    var reloaded = Set<ObjectIdentifier>()
    for item in updated where !item.isRemoved && reloaded.insert(ObjectIdentifier(item)).inserted {
      view.reloadItem(item, reloadChildren: false)
    }
  }

  /// The item at `path` (`[root, child, ...]`).
  ///
  /// - Precondition: `path` is not empty and in range.
  public func item(at path: IndexPath) -> OutlineItem<Value> {
    guard let first = path.first, first >= 0, first < roots.count else {
      tetherPreconditionFailure("Index path \(path) is out of range for an outline of \(roots.count) roots")
    }
    var item = roots[first]
    for (depth, index) in path.dropFirst().enumerated() {
      guard index >= 0, index < item.children.count else {
        tetherPreconditionFailure(
          "Index \(index) is out of range at depth \(depth + 1) of \(path): the item there has \(item.children.count) children"
        )
      }
      item = item.children[index]
    }
    return item
  }

  // MARK: Data source

  /// The number of children of `item` (`nil` for the roots).
  open func numberOfChildren(ofItem item: Any?) -> Int {
    guard let item else { return roots.count }
    return outlineItem(item).children.count
  }

  /// The child at `index` of `item` (`nil` for the roots).
  open func child(_ index: Int, ofItem item: Any?) -> Any {
    guard let item else { return roots[index] }
    return outlineItem(item).children[index]
  }

  /// Whether `item` has children.
  open func isItemExpandable(_ item: Any) -> Bool {
    !outlineItem(item).children.isEmpty
  }

  /// The cell for `item`, made by ``cell(for:in:)``.
  open func cell(forItem item: Any) -> View.Cell {
    guard let view else { tetherPreconditionFailure("The view asked for a cell before the binder had a view") }
    return cell(for: outlineItem(item), in: view)
  }

  /// Makes the cell showing `item`; uses `createCell` unless overridden.
  open func cell(for item: OutlineItem<Value>, in view: View) -> View.Cell {
    guard let createCell else {
      tetherPreconditionFailure("\(Self.self) has no createCell function and does not override cell(for:in:)")
    }
    return createCell(item, view)
  }

  // MARK: Items

  private func rebuildItems(from tree: Tree) {
    for root in roots { root.markRemoved() }
    roots = tree.children.map { OutlineItem<Value>.subtree($0) }
  }

  private func outlineItem(_ item: Any) -> OutlineItem<Value> {
    guard let item = item as? OutlineItem<Value> else {
      tetherPreconditionFailure("\(type(of: item)) is not an item of this outline binder")
    }
    return item
  }

  /// The parent item (`nil` for the roots) and the index within it of the node at `path`.
  private func place(_ path: IndexPath) -> (parent: OutlineItem<Value>?, index: Int) {
    guard let index = path.last else { tetherPreconditionFailure("A tree patch path is never empty") }
    let parentPath = path.dropLast()
    return (parentPath.isEmpty ? nil : item(at: parentPath), index)
  }

  private func insert(_ item: OutlineItem<Value>, into parent: OutlineItem<Value>?, at index: Int) {
    item.parent = parent
    if let parent { parent.children.insert(item, at: index) } else { roots.insert(item, at: index) }
  }

  private func remove(from parent: OutlineItem<Value>?, at index: Int) -> OutlineItem<Value> {
    let item = parent.map { $0.children.remove(at: index) } ?? roots.remove(at: index)
    item.parent = nil
    return item
  }
}
