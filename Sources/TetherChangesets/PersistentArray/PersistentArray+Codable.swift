extension PersistentArray: Encodable where Element: Encodable {
  /// Encodes the elements as an unkeyed container: a plain JSON array, as `Array` encodes.
  ///
  /// - Complexity: O(n).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

extension PersistentArray: Decodable where Element: Decodable {
  /// Decodes a list from an unkeyed container (a plain JSON array), building it bottom-up.
  ///
  /// - Complexity: O(n).
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var elements = ContiguousArray<Element>()
    if let count = container.count { elements.reserveCapacity(count) }
    while !container.isAtEnd {
      elements.append(try container.decode(Element.self))
    }
    self.init(_root: _PersistentArrayNode.build(from: elements))
    _checkInvariantsInDebug()
  }
}
