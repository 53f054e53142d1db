import TetherChangesets

/// A thread-safe observable dictionary: mutate it from any thread, observe it as a stream of
/// ``UnorderedCollectionChangeset``s of key-value pairs (inserts, deletes and updates addressed by
/// `Dictionary.Index`; no moves).
///
/// Observing first delivers the current dictionary as a reload changeset, then one changeset per
/// mutation call (empty when the call changed nothing). Setting a key that is present is an
/// update, a new key an insert, `nil` a delete. See ``ObservableContainer`` for the delivery
/// guarantees.
///
/// ```swift
/// let scores = MutableObservableDictionary<String, Int>([:])
/// scores["ada"] = 3        // insert
/// scores["ada"] = 4        // update
/// scores["ada"] = nil      // delete
/// scores.replace(with: ["bob": 1])
/// ```
public final class MutableObservableDictionary<Key: Hashable, Value>:
  ObservableContainer<UnorderedCollectionChangeset<[Key: Value]>>
{

  /// The changeset type this container emits.
  public typealias Changeset = UnorderedCollectionChangeset<[Key: Value]>

  /// Creates a container holding `dictionary`.
  public override init(_ dictionary: [Key: Value]) {
    super.init(dictionary)
  }

  /// A read-only view of this container.
  public var readOnlyView: ObservableDictionary<Key, Value> { self }

  /// The number of entries.
  public var count: Int { core.read { $0.count } }

  /// Whether the dictionary is empty.
  public var isEmpty: Bool { core.read { $0.isEmpty } }

  /// The value for `key`; setting a value inserts or updates the entry, setting `nil` removes it.
  ///
  /// - Complexity: O(1) expected.
  public subscript(key: Key) -> Value? {
    get { core.read { $0[key] } }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Sets the value for `key`, emitting an update if the key was present, else an insert.
  ///
  /// - Returns: The previous value, or `nil` if the key was new.
  /// - Complexity: O(1) expected.
  @discardableResult
  public func updateValue(_ value: Value, forKey key: Key) -> Value? {
    core.mutateUnordered { dictionary in
      if let index = dictionary.index(forKey: key) {
        let old = dictionary.values[index]
        dictionary.values[index] = value  // keeps the entry's index
        let patch: [Changeset.Operation] = [.update(at: index, newElement: (key, value))]
        return (old, Changeset(collection: dictionary, patch: patch, diff: .init(updates: [index])))
      }
      dictionary[key] = value
      let index = dictionary.index(forKey: key)!
      return (
        nil, Changeset(collection: dictionary, patch: [.insert((key, value), at: index)], diff: .init(inserts: [index]))
      )
    }
  }

  /// Removes the entry for `key` if there is one, emitting a delete (or an empty changeset).
  ///
  /// - Returns: The removed value, or `nil`.
  /// - Complexity: O(1) expected.
  @discardableResult
  public func removeValue(forKey key: Key) -> Value? {
    core.mutateUnordered { dictionary in
      guard let index = dictionary.index(forKey: key) else {
        return (nil, Changeset(collection: dictionary, patch: [], diff: .init()))
      }
      let removed = dictionary.remove(at: index).value
      return (removed, Changeset(collection: dictionary, patch: [.delete(at: index)], diff: .init(deletes: [index])))
    }
  }

  /// Removes every entry, emitting one changeset deleting them all.
  ///
  /// - Complexity: O(n) for n entries.
  public func removeAll() {
    core.mutateUnordered { dictionary in
      let indices = Array(dictionary.indices)
      dictionary.removeAll()
      return (
        (), Changeset(collection: dictionary, patch: indices.map { .delete(at: $0) }, diff: .init(deletes: indices))
      )
    }
  }

  /// Merges `other` into the dictionary, emitting one changeset: new keys are inserts, keys
  /// already present are updates with the value `combine` returns.
  ///
  /// `combine` runs outside the container's lock, on a snapshot (again if another thread mutated
  /// the dictionary meanwhile).
  ///
  /// - Complexity: O(n + k) expected for n entries and k entries of `other` (the snapshot is
  ///   copied so that `combine` never runs under the lock).
  public func merge<S: Sequence>(_ other: S, uniquingKeysWith combine: (Value, Value) -> Value)
  where S.Element == (Key, Value) {
    merge(other, isUnchanged: nil, uniquingKeysWith: combine)
  }

  /// Merges `other` into the dictionary (see ``merge(_:uniquingKeysWith:)``).
  ///
  /// - Complexity: O(m) expected for m merged entries.
  public func merge(_ other: [Key: Value], uniquingKeysWith combine: (Value, Value) -> Value) {
    merge(other.map { ($0.key, $0.value) }, isUnchanged: nil, uniquingKeysWith: combine)
  }

  /// Replaces the dictionary with `newDictionary`: by default one changeset deleting the keys that
  /// left, inserting the new ones and updating every key present in both (values that are not
  /// `Equatable` cannot be compared); with `performDiff: false`, a reload.
  ///
  /// - Complexity: O(n + m) expected for n old and m new entries.
  public func replace(with newDictionary: [Key: Value], performDiff: Bool = true) {
    replace(with: newDictionary, performDiff: performDiff, isUnchanged: nil)
  }

  func merge<S: Sequence>(
    _ other: S,
    isUnchanged: ((Value, Value) -> Bool)?,
    uniquingKeysWith combine: (Value, Value) -> Value
  ) where S.Element == (Key, Value) {
    let other = Array(other)
    core.mutate(
      preparing: { old -> Changeset in
        var merged = old
        var touched: [Key: Bool] = [:]  // whether each merged key was in `old`
        for (key, value) in other {
          if let index = merged.index(forKey: key) {
            merged.values[index] = combine(merged.values[index], value)
          } else {
            merged[key] = value
          }
          if touched[key] == nil { touched[key] = old.index(forKey: key) != nil }
        }
        var patch: [Changeset.Operation] = []
        var diff = Changeset.Diff()
        for (key, wasPresent) in touched {
          let newIndex = merged.index(forKey: key)!
          if wasPresent {
            let oldIndex = old.index(forKey: key)!
            let newValue = merged.values[newIndex]
            if let isUnchanged, isUnchanged(old.values[oldIndex], newValue) { continue }
            diff.updates.append(oldIndex)
            patch.append(.update(at: oldIndex, newElement: (key, newValue)))
          } else {
            diff.inserts.append(newIndex)
            patch.append(.insert((key, merged.values[newIndex]), at: newIndex))
          }
        }
        return Changeset(collection: merged, patch: patch, diff: diff)
      },
      { dictionary, changeset in
        dictionary = changeset.collection
        return ((), changeset)
      }
    )
  }

  func replace(with newDictionary: [Key: Value], performDiff: Bool, isUnchanged: ((Value, Value) -> Bool)?) {
    guard performDiff else {
      core.mutateUnordered { dictionary in
        dictionary = newDictionary
        return ((), .reload(newDictionary))
      }
      return
    }
    core.mutate(
      preparing: { old in Self.diff(from: old, to: newDictionary, isUnchanged: isUnchanged) },
      { dictionary, changeset in
        dictionary = newDictionary
        return ((), changeset)
      }
    )
  }

  /// The changeset from `old` to `new` by key: deletes, inserts, and updates of the keys in both
  /// whose value changed (every common key when `isUnchanged` is `nil`).
  static func diff(from old: [Key: Value], to new: [Key: Value], isUnchanged: ((Value, Value) -> Bool)?) -> Changeset {
    var patch: [Changeset.Operation] = []
    var diff = Changeset.Diff()
    for index in old.indices {
      let (key, value) = old[index]
      if let newIndex = new.index(forKey: key) {
        let newValue = new.values[newIndex]
        if let isUnchanged, isUnchanged(value, newValue) { continue }
        diff.updates.append(index)
        patch.append(.update(at: index, newElement: (key, newValue)))
      } else {
        diff.deletes.append(index)
        patch.append(.delete(at: index))
      }
    }
    for index in new.indices where old.index(forKey: new[index].key) == nil {
      diff.inserts.append(index)
      patch.append(.insert(new[index], at: index))
    }
    return Changeset(collection: new, patch: patch, diff: diff)
  }
}

extension MutableObservableDictionary where Value: Equatable {
  /// Merges `other` into the dictionary, emitting one changeset: new keys are inserts, keys whose
  /// value changes are updates, keys whose combined value is equal to the old one are left out.
  ///
  /// - Complexity: O(n + k) expected for n entries and k entries of `other`.
  public func merge<S: Sequence>(_ other: S, uniquingKeysWith combine: (Value, Value) -> Value)
  where S.Element == (Key, Value) {
    merge(other, isUnchanged: ==, uniquingKeysWith: combine)
  }

  /// Merges `other` into the dictionary (see ``merge(_:uniquingKeysWith:)``).
  ///
  /// - Complexity: O(m) expected for m merged entries.
  public func merge(_ other: [Key: Value], uniquingKeysWith combine: (Value, Value) -> Value) {
    merge(other.map { ($0.key, $0.value) }, isUnchanged: ==, uniquingKeysWith: combine)
  }

  /// Replaces the dictionary with `newDictionary`: by default one changeset deleting the keys that
  /// left, inserting the new ones and updating the keys whose value changed; with
  /// `performDiff: false`, a reload.
  ///
  /// The diff runs outside the container's lock, on a snapshot.
  ///
  /// - Complexity: O(n + m) expected for n old and m new entries.
  public func replace(with newDictionary: [Key: Value], performDiff: Bool = true) {
    replace(with: newDictionary, performDiff: performDiff, isUnchanged: ==)
  }
}

/// The container is `Sendable` when its keys and values are (see ``ObservableContainer``); use one of
/// non-`Sendable` keys and values from one isolation domain.
extension MutableObservableDictionary: @unchecked Sendable where Key: Sendable, Value: Sendable {
  // Safe: no stored properties beyond the superclass's thread-safe core.
}
