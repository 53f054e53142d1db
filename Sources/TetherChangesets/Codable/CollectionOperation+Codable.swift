/// The JSON keys of a patch operation: `type` says which case it is (`"insert"`, `"delete"`,
/// `"update"`, `"move"`), the others carry its payload.
private enum OperationCodingKeys: String, CodingKey {
  case type, element, at, from, to
}

/// The `type` values of a patch operation.
private enum OperationKind: String, Codable {
  case insert, delete, update, move
}

extension OrderedCollectionOperation: Encodable where Element: Encodable, Index: Encodable {
  /// Encodes the operation as an object with a `type` discriminator:
  /// `{"type": "insert", "element": e, "at": i}`, `{"type": "delete", "at": i}`,
  /// `{"type": "update", "at": i, "element": e}` or `{"type": "move", "from": i, "to": j}`.
  /// An `IndexPath` index is an array of integers, such as `[0, 2]`, on every platform.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: OperationCodingKeys.self)
    switch self {
    case .insert(let element, let index):
      try container.encode(OperationKind.insert, forKey: .type)
      try container.encode(element, forKey: .element)
      try container.encodeIndex(index, forKey: .at)
    case .delete(let index):
      try container.encode(OperationKind.delete, forKey: .type)
      try container.encodeIndex(index, forKey: .at)
    case .update(let index, let element):
      try container.encode(OperationKind.update, forKey: .type)
      try container.encodeIndex(index, forKey: .at)
      try container.encode(element, forKey: .element)
    case .move(let from, let to):
      try container.encode(OperationKind.move, forKey: .type)
      try container.encodeIndex(from, forKey: .from)
      try container.encodeIndex(to, forKey: .to)
    }
  }
}

extension OrderedCollectionOperation: Decodable where Element: Decodable, Index: Decodable {
  /// Decodes an operation in the shape ``encode(to:)`` writes.
  ///
  /// An unknown `type`, a missing key or a value of the wrong type throws a `DecodingError`. The
  /// indices are not checked here (an operation alone has no collection to check them against);
  /// decoding a changeset checks them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: OperationCodingKeys.self)
    switch try container.decode(OperationKind.self, forKey: .type) {
    case .insert:
      self = .insert(
        try container.decode(Element.self, forKey: .element),
        at: try container.decodeIndex(Index.self, forKey: .at)
      )
    case .delete:
      self = .delete(at: try container.decodeIndex(Index.self, forKey: .at))
    case .update:
      self = .update(
        at: try container.decodeIndex(Index.self, forKey: .at),
        newElement: try container.decode(Element.self, forKey: .element)
      )
    case .move:
      self = .move(
        from: try container.decodeIndex(Index.self, forKey: .from),
        to: try container.decodeIndex(Index.self, forKey: .to))
    }
  }
}

extension UnorderedCollectionOperation: Encodable where Element: Encodable, Index: Encodable {
  /// Encodes the operation as an object with a `type` discriminator:
  /// `{"type": "insert", "element": e, "at": i}`, `{"type": "delete", "at": i}` or
  /// `{"type": "update", "at": i, "element": e}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: OperationCodingKeys.self)
    switch self {
    case .insert(let element, let index):
      try container.encode(OperationKind.insert, forKey: .type)
      try container.encode(element, forKey: .element)
      try container.encodeIndex(index, forKey: .at)
    case .delete(let index):
      try container.encode(OperationKind.delete, forKey: .type)
      try container.encodeIndex(index, forKey: .at)
    case .update(let index, let element):
      try container.encode(OperationKind.update, forKey: .type)
      try container.encodeIndex(index, forKey: .at)
      try container.encode(element, forKey: .element)
    }
  }
}

extension UnorderedCollectionOperation: Decodable where Element: Decodable, Index: Decodable {
  /// Decodes an operation in the shape ``encode(to:)`` writes; a `"move"` is an error (unordered
  /// collections have no moves).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: OperationCodingKeys.self)
    switch try container.decode(OperationKind.self, forKey: .type) {
    case .insert:
      self = .insert(
        try container.decode(Element.self, forKey: .element),
        at: try container.decodeIndex(Index.self, forKey: .at)
      )
    case .delete:
      self = .delete(at: try container.decodeIndex(Index.self, forKey: .at))
    case .update:
      self = .update(
        at: try container.decodeIndex(Index.self, forKey: .at),
        newElement: try container.decode(Element.self, forKey: .element)
      )
    case .move:
      throw DecodingError.dataCorruptedError(
        forKey: .type,
        in: container,
        debugDescription: "An unordered collection operation cannot be a move"
      )
    }
  }
}
