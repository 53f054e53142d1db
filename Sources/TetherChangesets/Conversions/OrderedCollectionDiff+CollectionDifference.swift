import TetherSynchronization

extension OrderedCollectionDiff where Index == Int {
  /// The diff of a standard library `CollectionDifference`: removals are deletes and insertions
  /// inserts, except a removal and an insertion associated with each other (`associatedWith`, as
  /// `inferringMoves()` makes them), which are one move.
  ///
  /// The index spaces are the same (removals in the source, insertions in the final collection),
  /// so the result is always a valid diff. A `CollectionDifference` has no updates: a changed
  /// element is a removal and an insertion, and stays a delete and an insert here.
  ///
  /// ```swift
  /// let difference = new.difference(from: old).inferringMoves()
  /// let changeset = OrderedCollectionChangeset(collection: new, diff: OrderedCollectionDiff(difference))
  /// ```
  ///
  /// - Complexity: O(k) for a difference of k changes.
  public init<Element>(_ difference: CollectionDifference<Element>) {
    self.init()
    for removal in difference.removals {
      guard case .remove(let offset, _, let associated) = removal else { continue }
      if associated == nil { deletes.append(offset) }
    }
    for insertion in difference.insertions {
      guard case .insert(let offset, _, let associated) = insertion else { continue }
      if let source = associated {
        moves.append((from: source, to: offset))
      } else {
        inserts.append(offset)
      }
    }
    moves.sort { $0.from < $1.from }
  }

  /// This diff as a standard library `CollectionDifference` from `old` to `new`, so that
  /// `old.applying(difference) == new`.
  ///
  /// Deletes are removals and inserts insertions, with elements read from `old` and `new`. A move
  /// is a removal and an insertion associated with each other (`associatedWith`), unless the
  /// moved element is also updated: then the two are left unassociated, because an associated
  /// pair means the *same* element moved. An update of an element that does not move is a
  /// removal at its source offset and an insertion at its final offset.
  ///
  /// - Precondition: The diff is valid from `old` to `new` (see ``ChangesetValidator``);
  ///   otherwise this traps with the validation error.
  /// - Complexity: O(n + k log k) for collections of n elements and a diff of k entries.
  public func collectionDifference<C: Collection>(from old: C, to new: C) -> CollectionDifference<C.Element> {
    do {
      try ChangesetValidator.validate(self, oldCount: old.count, newCount: new.count)
    } catch {
      tetherPreconditionFailure("The diff is not a change from \(old.count) to \(new.count) elements: \(error)")
    }
    let oldElements = Array(old)
    let newElements = Array(new)
    var isUpdated = [Bool](repeating: false, count: oldElements.count)
    for index in updates { isUpdated[index] = true }
    var changes: [CollectionDifference<C.Element>.Change] = []
    changes.reserveCapacity(2 * count)
    for index in deletes { changes.append(.remove(offset: index, element: oldElements[index], associatedWith: nil)) }
    for index in inserts { changes.append(.insert(offset: index, element: newElements[index], associatedWith: nil)) }
    for move in moves {
      let associated = !isUpdated[move.from]
      changes.append(
        .remove(offset: move.from, element: oldElements[move.from], associatedWith: associated ? move.to : nil)
      )
      changes.append(
        .insert(offset: move.to, element: newElements[move.to], associatedWith: associated ? move.from : nil)
      )
    }
    // An update of an element that stays among the unmoved survivors: its final offset is its
    // rank among them, in the final collection's unmoved slots.
    let moveSources = Set(moves.map(\.from))
    var unmovedUpdates = updates.filter { !moveSources.contains($0) }
    if !unmovedUpdates.isEmpty {
      unmovedUpdates.sort()
      var leaves = [Bool](repeating: false, count: oldElements.count)
      for index in deletes { leaves[index] = true }
      for move in moves { leaves[move.from] = true }
      var arrives = [Bool](repeating: false, count: newElements.count)
      for index in inserts { arrives[index] = true }
      for move in moves { arrives[move.to] = true }
      let stayingSources = oldElements.indices.filter { !leaves[$0] }
      let stayingTargets = newElements.indices.filter { !arrives[$0] }
      let target = Dictionary(uniqueKeysWithValues: zip(stayingSources, stayingTargets))
      for index in unmovedUpdates {
        changes.append(.remove(offset: index, element: oldElements[index], associatedWith: nil))
        changes.append(.insert(offset: target[index]!, element: newElements[target[index]!], associatedWith: nil))
      }
    }
    guard let difference = CollectionDifference(changes) else {
      tetherPreconditionFailure("The diff \(self) does not make a valid CollectionDifference")
    }
    return difference
  }
}

extension OrderedCollectionChangeset {
  /// A changeset ending at `collection` whose diff is `difference`'s (see
  /// `OrderedCollectionDiff(_:)`, which reads a `CollectionDifference`); its patch is derived on first use.
  ///
  /// - Precondition: `difference` ends at `collection` (its insertions are offsets of it).
  /// - Complexity: O(k) for a difference of k changes.
  public init(collection: Collection, difference: CollectionDifference<Collection.Element>) {
    self.init(collection: collection, diff: OrderedCollectionDiff(difference))
  }

  /// This change as a standard library `CollectionDifference` from `old`, the collection before
  /// it (see ``OrderedCollectionDiff/collectionDifference(from:to:)``): `old.applying(difference)`
  /// equals ``collection``. A reload is every element of `old` removed and every element of
  /// ``collection`` inserted.
  ///
  /// - Precondition: `old` is the collection this changeset started from (its count, at least).
  /// - Complexity: O(n + k log k).
  public func collectionDifference(from old: Collection) -> CollectionDifference<Collection.Element> {
    if isReload {
      return OrderedCollectionDiff(inserts: Array(0..<collection.count), deletes: Array(0..<old.count))
        .collectionDifference(from: old, to: collection)
    }
    return diff.collectionDifference(from: old, to: collection)
  }
}
