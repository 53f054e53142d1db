/// The JSON keys of a diff: one array per kind of change.
private enum DiffCodingKeys: String, CodingKey {
  case inserts, deletes, updates, moves
}

/// The JSON keys of one move of a diff.
private enum MoveCodingKeys: String, CodingKey {
  case from, to
}

extension OrderedCollectionDiff: Encodable where Index: Encodable {
  /// Encodes the diff as `{"inserts": [...], "deletes": [...], "updates": [...],
  /// "moves": [{"from": i, "to": j}, ...]}`, every array in the diff's own order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DiffCodingKeys.self)
    try container.encodeIndices(inserts, forKey: .inserts)
    try container.encodeIndices(deletes, forKey: .deletes)
    try container.encodeIndices(updates, forKey: .updates)
    var moveList = container.nestedUnkeyedContainer(forKey: .moves)
    for move in moves {
      var entry = moveList.nestedContainer(keyedBy: MoveCodingKeys.self)
      try entry.encodeIndex(move.from, forKey: .from)
      try entry.encodeIndex(move.to, forKey: .to)
    }
  }
}

extension OrderedCollectionDiff: Decodable where Index: Decodable {
  /// Decodes a diff in the shape ``encode(to:)`` writes; every key is required.
  ///
  /// The indices are not checked here (a diff alone has no collection to check them against);
  /// decoding a changeset checks them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DiffCodingKeys.self)
    self.init(
      inserts: try container.decodeIndices(Index.self, forKey: .inserts),
      deletes: try container.decodeIndices(Index.self, forKey: .deletes),
      updates: try container.decodeIndices(Index.self, forKey: .updates)
    )
    var moveList = try container.nestedUnkeyedContainer(forKey: .moves)
    while !moveList.isAtEnd {
      let entry = try moveList.nestedContainer(keyedBy: MoveCodingKeys.self)
      moves.append(
        (from: try entry.decodeIndex(Index.self, forKey: .from), to: try entry.decodeIndex(Index.self, forKey: .to)))
    }
  }
}

extension OrderedCollectionDiff: Hashable where Index: Hashable {
  /// Hashes every part in order, consistently with `==` (which compares the parts in order).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(inserts)
    hasher.combine(deletes)
    hasher.combine(updates)
    hasher.combine(moves.count)
    for move in moves {
      hasher.combine(move.from)
      hasher.combine(move.to)
    }
  }
}

extension UnorderedCollectionDiff: Encodable where Index: Encodable {
  /// Encodes the diff as `{"inserts": [...], "deletes": [...], "updates": [...]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DiffCodingKeys.self)
    try container.encodeIndices(inserts, forKey: .inserts)
    try container.encodeIndices(deletes, forKey: .deletes)
    try container.encodeIndices(updates, forKey: .updates)
  }
}

extension UnorderedCollectionDiff: Decodable where Index: Decodable {
  /// Decodes a diff in the shape ``encode(to:)`` writes; every key is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DiffCodingKeys.self)
    self.init(
      inserts: try container.decodeIndices(Index.self, forKey: .inserts),
      deletes: try container.decodeIndices(Index.self, forKey: .deletes),
      updates: try container.decodeIndices(Index.self, forKey: .updates)
    )
  }
}

extension UnorderedCollectionDiff: Hashable where Index: Hashable {
  /// Hashes every part in order, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(inserts)
    hasher.combine(deletes)
    hasher.combine(updates)
  }
}
