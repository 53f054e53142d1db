import Foundation

// Bond 7's diff <-> patch conversions under Tether's names. Bond inferred a flat diff's source
// count from the patch; Tether asks for it (the inference was what made Bond's conversion
// quadratic), so that one is unavailable. Tree conversions keep their meaning and forward.

extension OrderedCollectionDiff where Index == Int {
  /// Bond's patch-to-diff conversion; Tether's ``init(from:sourceCount:)`` also takes the number
  /// of elements before the patch.
  @available(
    *, unavailable, renamed: "init(from:sourceCount:)",
    message: "pass the collection's count before the patch as sourceCount"
  )
  public init<Element>(from patch: [OrderedCollectionOperation<Element, Int>]) {
    self.init(from: patch, sourceCount: 0)
  }
}

extension OrderedCollectionDiff where Index == IndexPath {
  /// Bond's name for ``init(fromTreePatch:)``.
  @available(*, deprecated, renamed: "init(fromTreePatch:)")
  public init<Element>(from patch: [OrderedCollectionOperation<Element, IndexPath>]) {
    self.init(fromTreePatch: patch)
  }

  /// Bond's name for ``generateTreePatch(to:)``.
  @available(*, deprecated, renamed: "generateTreePatch(to:)")
  public func generatePatch<Tree: TreeProtocol>(
    to tree: Tree
  ) -> [OrderedCollectionOperation<Tree.ChildNode, IndexPath>] {
    generateTreePatch(to: tree)
  }
}
