/// The last value a leaf received (a box, so the leaf's closures share it).
final class DiffuserMemory<Value> {
  var last: Value?
}

extension Diffuser {
  /// A diffuser that runs `effect` on the first run and whenever the value differs from the one
  /// it last received, as told by `isEqual`.
  ///
  /// Use it for values that are not `Equatable`, or to compare only what the effect shows:
  /// `.into(isEqual: { $0.id == $1.id }) { user in ... }`.
  public static func into(
    isEqual: @escaping (A, A) -> Bool,
    _ effect: @escaping (A) -> Void
  ) -> Diffuser<A> {
    let memory = DiffuserMemory<A>()
    return Diffuser(
      apply: { value in
        if let last = memory.last, isEqual(last, value) { return }
        // Remembered before the effect runs, so a run queued by the effect compares with it.
        memory.last = value
        effect(value)
      },
      forget: { memory.last = nil }
    )
  }

  /// A diffuser that runs `effect` every time it is run, changed or not.
  public static func intoAlways(_ effect: @escaping (A) -> Void) -> Diffuser<A> {
    Diffuser(apply: effect, forget: {})
  }

  /// A diffuser that runs `effect` on the first run only (and on the first run after
  /// ``reset()``), for one-time setup such as registering cells.
  public static func intoOnce(_ effect: @escaping (A) -> Void) -> Diffuser<A> {
    let memory = DiffuserMemory<Bool>()
    return Diffuser(
      apply: { value in
        guard memory.last == nil else { return }
        memory.last = true
        effect(value)
      },
      forget: { memory.last = nil }
    )
  }
}

extension Diffuser where A: Equatable {
  /// A diffuser that runs `effect` on the first run and whenever the value differs (`!=`) from the
  /// one it last received.
  ///
  /// ```swift
  /// .map(\Model.title, .into { title in label.text = title })
  /// ```
  public static func into(_ effect: @escaping (A) -> Void) -> Diffuser<A> {
    into(isEqual: ==, effect)
  }
}
