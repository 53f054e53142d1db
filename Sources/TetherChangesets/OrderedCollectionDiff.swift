/// A change to an ordered collection in batch-update form (the form `UITableView` wants).
///
/// Deletes, updates and move sources are indices in the *source* collection; inserts and move
/// targets are indices in the *final* collection. The order of the arrays carries no meaning.
public struct OrderedCollectionDiff<Index> {
  /// Indices of inserted elements in the final collection index space.
  public var inserts: [Index]

  /// Indices of deleted elements in the source collection index space.
  public var deletes: [Index]

  /// Indices of updated elements in the source collection index space.
  public var updates: [Index]

  /// Moved elements: `from` in the source index space, `to` in the final index space.
  public var moves: [(from: Index, to: Index)]

  /// Creates a diff from its parts.
  public init(
    inserts: [Index] = [],
    deletes: [Index] = [],
    updates: [Index] = [],
    moves: [(from: Index, to: Index)] = []
  ) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
    self.moves = moves
  }

  /// Whether the diff describes no change at all.
  public var isEmpty: Bool {
    inserts.isEmpty && deletes.isEmpty && updates.isEmpty && moves.isEmpty
  }

  /// The number of changes the diff describes.
  public var count: Int {
    inserts.count + deletes.count + updates.count + moves.count
  }
}

// Safe: every stored property is an array of `Index` values, Sendable when `Index` is.
extension OrderedCollectionDiff: Sendable where Index: Sendable {}

extension OrderedCollectionDiff: Equatable where Index: Equatable {
  /// Two diffs are equal when all their parts are equal, element by element and in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.inserts == rhs.inserts && lhs.deletes == rhs.deletes && lhs.updates == rhs.updates
      && lhs.moves.count == rhs.moves.count
      && zip(lhs.moves, rhs.moves).allSatisfy { $0.from == $1.from && $0.to == $1.to }
  }
}

extension OrderedCollectionDiff: CustomStringConvertible {
  /// A compact description such as `D[1, 2] I[0] U[] M[3→4]`.
  public var description: String {
    let moveText = moves.map { "\($0.from)→\($0.to)" }.joined(separator: ", ")
    return "D\(deletes) I\(inserts) U\(updates) M[\(moveText)]"
  }
}

/// A change to an unordered collection (a set or a dictionary): no moves.
///
/// Deletes and updates are indices in the source collection; inserts in the final collection.
public struct UnorderedCollectionDiff<Index> {
  /// Indices of inserted elements in the final collection index space.
  public var inserts: [Index]

  /// Indices of deleted elements in the source collection index space.
  public var deletes: [Index]

  /// Indices of updated elements in the source collection index space.
  public var updates: [Index]

  /// Creates a diff from its parts.
  public init(inserts: [Index] = [], deletes: [Index] = [], updates: [Index] = []) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
  }

  /// Whether the diff describes no change at all.
  public var isEmpty: Bool { inserts.isEmpty && deletes.isEmpty && updates.isEmpty }

  /// The number of changes the diff describes.
  public var count: Int { inserts.count + deletes.count + updates.count }
}

extension UnorderedCollectionDiff: Sendable where Index: Sendable {}
extension UnorderedCollectionDiff: Equatable where Index: Equatable {}
