/// The JSON keys of an `Array2DElement`: `type` (`"section"` or `"item"`) and its payload.
private enum ElementCodingKeys: String, CodingKey {
  case type, metadata, item
}

/// The `type` values of an `Array2DElement`.
private enum ElementKind: String, Codable {
  case section, item
}

extension Array2DElement: Encodable where SectionMetadata: Encodable, Item: Encodable {
  /// Encodes the element as `{"type": "section", "metadata": m}` or `{"type": "item", "item": i}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ElementCodingKeys.self)
    switch self {
    case .section(let metadata):
      try container.encode(ElementKind.section, forKey: .type)
      try container.encode(metadata, forKey: .metadata)
    case .item(let item):
      try container.encode(ElementKind.item, forKey: .type)
      try container.encode(item, forKey: .item)
    }
  }
}

extension Array2DElement: Decodable where SectionMetadata: Decodable, Item: Decodable {
  /// Decodes an element in the shape ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ElementCodingKeys.self)
    switch try container.decode(ElementKind.self, forKey: .type) {
    case .section: self = .section(try container.decode(SectionMetadata.self, forKey: .metadata))
    case .item: self = .item(try container.decode(Item.self, forKey: .item))
    }
  }
}

/// The JSON keys of an `Array2D` and of its sections.
private enum Array2DCodingKeys: String, CodingKey {
  case sections, metadata, items
}

extension Array2D.Section: Encodable where SectionMetadata: Encodable, Item: Encodable {
  /// Encodes the section as `{"metadata": m, "items": [...]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Array2DCodingKeys.self)
    try container.encode(metadata, forKey: .metadata)
    try container.encode(items, forKey: .items)
  }
}

extension Array2D.Section: Decodable where SectionMetadata: Decodable, Item: Decodable {
  /// Decodes a section in the shape ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Array2DCodingKeys.self)
    self.init(
      metadata: try container.decode(SectionMetadata.self, forKey: .metadata),
      items: try container.decode([Item].self, forKey: .items)
    )
  }
}

extension Array2D: Encodable where SectionMetadata: Encodable, Item: Encodable {
  /// Encodes the 2D array as `{"sections": [{"metadata": m, "items": [...]}, ...]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Array2DCodingKeys.self)
    try container.encode(sections, forKey: .sections)
  }
}

extension Array2D: Decodable where SectionMetadata: Decodable, Item: Decodable {
  /// Decodes a 2D array in the shape ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Array2DCodingKeys.self)
    self.init(sections: try container.decode([Section].self, forKey: .sections))
  }
}
