import Foundation

// Index paths are written as plain arrays of integers (`[0, 2]`): Foundation's own `IndexPath`
// coding differs between platforms (an array on Apple platforms, `{"indexes": [...]}` elsewhere),
// and a changeset written on one must read on the other.

extension KeyedEncodingContainer {
  /// Encodes an index of a patch or a diff; an `IndexPath` as an array of integers.
  mutating func encodeIndex<Index: Encodable>(_ index: Index, forKey key: Key) throws {
    if let path = index as? IndexPath {
      try encode(Array(path), forKey: key)
    } else {
      try encode(index, forKey: key)
    }
  }

  /// Encodes indices of a diff; `IndexPath`s as arrays of integers.
  mutating func encodeIndices<Index: Encodable>(_ indices: [Index], forKey key: Key) throws {
    if let paths = indices as? [IndexPath] {
      try encode(paths.map { Array($0) }, forKey: key)
    } else {
      try encode(indices, forKey: key)
    }
  }
}

extension KeyedDecodingContainer {
  /// Decodes an index `encodeIndex(_:forKey:)` wrote.
  func decodeIndex<Index: Decodable>(_ type: Index.Type, forKey key: Key) throws -> Index {
    if Index.self == IndexPath.self {
      return IndexPath(indexes: try decode([Int].self, forKey: key)) as! Index
    }
    return try decode(Index.self, forKey: key)
  }

  /// Decodes indices `encodeIndices(_:forKey:)` wrote.
  func decodeIndices<Index: Decodable>(_ type: Index.Type, forKey key: Key) throws -> [Index] {
    if Index.self == IndexPath.self {
      return try decode([[Int]].self, forKey: key).map { IndexPath(indexes: $0) as! Index }
    }
    return try decode([Index].self, forKey: key)
  }
}
