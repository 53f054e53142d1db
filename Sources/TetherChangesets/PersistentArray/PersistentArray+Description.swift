extension PersistentArray: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements as an array literal, as `Array` prints them: `[1, 2, 3]`.
  ///
  /// - Complexity: O(n).
  public var description: String {
    var result = "["
    var first = true
    for element in self {
      if first {
        first = false
      } else {
        result += ", "
      }
      debugPrint(element, terminator: "", to: &result)
    }
    result += "]"
    return result
  }

  /// The type and the elements: `PersistentArray([1, 2, 3])`.
  ///
  /// - Complexity: O(n).
  public var debugDescription: String {
    "PersistentArray(\(description))"
  }
}
