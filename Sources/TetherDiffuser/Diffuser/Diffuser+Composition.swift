extension Diffuser {
  /// A diffuser that runs each of `diffusers` with the same value, in order.
  public static func intoAll(_ diffusers: Diffuser<A>...) -> Diffuser<A> {
    Diffuser(diffusers)
  }

  /// A diffuser that runs each of `diffusers` with the same value, in order.
  public static func intoAll(_ diffusers: [Diffuser<A>]) -> Diffuser<A> {
    Diffuser(diffusers)
  }

  /// A diffuser that runs `diffuser` with the part of the value at `keyPath`.
  ///
  /// ```swift
  /// .map(\Model.header, .intoAll(...))
  /// ```
  public static func map<B>(_ keyPath: KeyPath<A, B>, _ diffuser: Diffuser<B>) -> Diffuser<A> {
    Diffuser(apply: { value in diffuser.apply(value[keyPath: keyPath]) }, forget: diffuser.forget)
  }

  /// A diffuser that runs `diffuser` with `transform` of the value.
  ///
  /// The transform runs on every run (the leaves below decide what changed), so keep it cheap.
  ///
  /// ```swift
  /// .map({ $0.items.count }, .into { count in badge.text = "\(count)" })
  /// ```
  public static func map<B>(_ transform: @escaping (A) -> B, _ diffuser: Diffuser<B>) -> Diffuser<A> {
    Diffuser(apply: { value in diffuser.apply(transform(value)) }, forget: diffuser.forget)
  }
}
