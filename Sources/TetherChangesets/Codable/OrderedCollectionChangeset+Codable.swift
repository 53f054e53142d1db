extension OrderedCollectionChangeset: Encodable where Collection: Encodable, Collection.Element: Encodable {
  /// Encodes the changeset as an object with a `type` discriminator saying which forms it carries:
  ///
  /// - `{"type": "reload", "collection": c}` for a reload;
  /// - `{"type": "patch", "collection": c, "patch": [...]}` for a changeset created from a patch;
  /// - `{"type": "diff", "collection": c, "diff": {...}}` for one created from a diff;
  /// - `{"type": "patchAndDiff", "collection": c, "patch": [...], "diff": {...}}` for one created
  ///   from both (what containers emit).
  ///
  /// Only the forms the changeset was given are written, so encoding derives nothing. Operations
  /// and diffs have the shapes of ``OrderedCollectionOperation/encode(to:)`` and
  /// ``OrderedCollectionDiff/encode(to:)``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ChangesetCodingKeys.self)
    try container.encode(collection, forKey: .collection)
    if isReload {
      try container.encode(ChangesetCodingKind.reload, forKey: .type)
      return
    }
    switch forms {
    case .both(let diff, let patch):
      try container.encode(ChangesetCodingKind.patchAndDiff, forKey: .type)
      try container.encode(patch, forKey: .patch)
      try container.encode(diff, forKey: .diff)
    case .deriving(let cache):
      switch cache.givenForms {
      case .patch:
        try container.encode(ChangesetCodingKind.patch, forKey: .type)
        try container.encode(patch, forKey: .patch)
      case .diff:
        try container.encode(ChangesetCodingKind.diff, forKey: .type)
        try container.encode(diff, forKey: .diff)
      case .both:
        try container.encode(ChangesetCodingKind.patchAndDiff, forKey: .type)
        try container.encode(patch, forKey: .patch)
        try container.encode(diff, forKey: .diff)
      }
    }
  }
}

extension OrderedCollectionChangeset: Decodable where Collection: Decodable, Collection.Element: Decodable {
  /// Decodes a changeset in the shape ``encode(to:)`` writes, checking that it describes a change
  /// that ends at the decoded collection.
  ///
  /// The source collection is not part of the JSON, so the checks are the ones the final
  /// collection allows, and they are enough for reading either form and applying the patch to a
  /// source of the right count never to trap:
  /// - a patch is valid on a source of `collection.count - inserts + deletes` elements (every
  ///   offset in range for the state right before its operation, see
  ///   ``ChangesetValidator/validate(_:sourceCount:)``), and, when the elements are `Equatable`,
  ///   every element it inserts or updates and that survives equals the collection's element
  ///   where it ends up;
  /// - a diff is valid from `collection.count - inserts + deletes` elements to `collection.count`
  ///   (see ``ChangesetValidator/validate(_:oldCount:newCount:allowsMovedAndUpdated:)``); with a
  ///   patch, from the patch's source count.
  ///
  /// - Throws: `DecodingError.dataCorrupted` with a ``ChangesetDecodingError`` as its underlying
  ///   error when a check fails; the decoder's `DecodingError` when the JSON does not have the
  ///   documented shape.
  /// - Complexity: O(n k) for a patch of k operations on a collection of n `Equatable` elements
  ///   (O(n + k) otherwise); O(n + k log k) for a diff of k entries.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ChangesetCodingKeys.self)
    let kind = try container.decode(ChangesetCodingKind.self, forKey: .type)
    let collection = try container.decode(Collection.self, forKey: .collection)
    do {
      switch kind {
      case .reload:
        self.init(reloading: collection)
      case .patch:
        let patch = try container.decode([Operation].self, forKey: .patch)
        _ = try Self.checkPatch(patch, endingAt: collection)
        self.init(collection: collection, patch: patch)
      case .diff:
        let diff = try container.decode(Diff.self, forKey: .diff)
        try Self.checkDiff(diff, oldCount: collection.count - diff.inserts.count + diff.deletes.count, collection)
        self.init(collection: collection, diff: diff)
      case .patchAndDiff:
        let patch = try container.decode([Operation].self, forKey: .patch)
        let diff = try container.decode(Diff.self, forKey: .diff)
        let sourceCount = try Self.checkPatch(patch, endingAt: collection)
        try Self.checkDiff(diff, oldCount: sourceCount, collection)
        self.init(collection: collection, patch: patch, diff: diff)
      }
    } catch let error as ChangesetDecodingError {
      throw error.decodingError(codingPath: container.codingPath)
    }
  }

  private static func checkDiff(_ diff: Diff, oldCount: Int, _ collection: Collection) throws(ChangesetDecodingError) {
    do {
      try ChangesetValidator.validate(diff, oldCount: oldCount, newCount: collection.count)
    } catch {
      throw .invalidChangeset(error)
    }
  }

  /// Checks `patch` against a source of the count it implies; returns that count.
  private static func checkPatch(
    _ patch: [Operation], endingAt collection: Collection
  ) throws(ChangesetDecodingError)
    -> Int
  {
    var sourceCount = collection.count
    for operation in patch {
      switch operation {
      case .insert: sourceCount -= 1
      case .delete: sourceCount += 1
      case .update, .move: break
      }
    }
    do {
      // A patch that is valid step by step ends at `sourceCount + inserts - deletes`, which is the
      // collection's count by construction; a negative source count fails on the first step.
      try ChangesetValidator.validate(patch, sourceCount: sourceCount)
    } catch {
      throw .invalidChangeset(error)
    }
    if let index = firstReplayMismatch(patch, sourceCount: sourceCount, collection: collection) {
      throw .patchDoesNotReplay(index: index)
    }
    return sourceCount
  }

  /// The first final offset where an element the patch placed differs from `collection`'s, or
  /// `nil`; also `nil` when the elements are not `Equatable` (nothing can be compared).
  private static func firstReplayMismatch(_ patch: [Operation], sourceCount: Int, collection: Collection) -> Int? {
    guard let first = collection.first, equalIfEquatable(first, first) != nil else { return nil }
    // Replay the patch on step numbers: a source element is -1, a placed element the number of the
    // operation that placed it.
    var slots = [Int](repeating: -1, count: sourceCount)
    for (step, operation) in patch.enumerated() {
      switch operation {
      case .insert(_, let index): slots.insert(step, at: index)
      case .delete(let index): slots.remove(at: index)
      case .update(let index, _): slots[index] = step
      case .move(let from, let to): slots.insert(slots.remove(at: from), at: to)
      }
    }
    for (offset, (step, element)) in zip(slots, collection).enumerated() where step >= 0 {
      switch patch[step] {
      case .insert(let placed, _), .update(_, let placed):
        if equalIfEquatable(placed, element) == false { return offset }
      case .delete, .move:
        continue
      }
    }
    return nil
  }
}

extension OrderedCollectionChangeset: Hashable where Collection: Hashable {
  /// Hashes what `==` compares: whether it is a reload, the collection and the sorted diff.
  ///
  /// - Complexity: O(n + k log k); reading the diff may derive it once.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(isReload)
    hasher.combine(collection)
    if !isReload { hasher.combine(diff.normalized()) }
  }
}
