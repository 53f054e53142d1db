import Foundation
import TetherChangesets

// DifferenceKit's names, declared so that the compiler turns each into a fix-it (Migration.md,
// "From DifferenceKit").

/// DifferenceKit's protocol of elements with an identity and a content comparison.
@available(
  *, unavailable,
  message: "conform to Identifiable (identity) and Equatable (content), or to Diffable"
)
public typealias Differentiable = Diffable

/// DifferenceKit's section of a model and its elements.
@available(*, unavailable, renamed: "Array2D.Section")
public typealias ArraySection<Model, Element> = Array2D<Model, Element>.Section

/// DifferenceKit's path of an element in a section.
@available(*, unavailable, renamed: "IndexPath")
public typealias ElementPath = IndexPath

extension StagedChangeset {
  /// DifferenceKit's diff-and-stage in one step; Tether diffs, then stages (a binder stages for
  /// you).
  @available(
    *, unavailable,
    message: "diff with diff(from:), then stage with StagedChangeset(diff:oldItemCounts:newItemCounts:)"
  )
  public init<C: Collection>(source: C, target: C) {
    fatalError("StagedChangeset(source:target:) is unavailable: diff, then stage")
  }
}
