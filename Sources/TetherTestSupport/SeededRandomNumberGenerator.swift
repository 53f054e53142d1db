/// A small, fast, deterministic random number generator (SplitMix64) for reproducible tests.
///
/// The same seed always gives the same sequence on every platform, so a failing seeded test
/// can be replayed exactly: print the seed in the failure message.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is determined by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// Returns the next value of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Runs `body` once for every element of `items`, passing the element.
///
/// Use it to make exhaustive tests read as a statement: `withEvery("n", in: 0..<6) { n in ... }`.
/// The label is for the reader and for failure messages built by the caller.
public func withEvery<S: Sequence>(
  _ label: String,
  in items: S,
  _ body: (S.Element) throws -> Void
) rethrows {
  for item in items {
    try body(item)
  }
}

/// Runs `body` once per seed in `seeds`, each time with a fresh generator made from that seed.
///
/// Include the seed in any failure message so the failing case can be rerun alone.
public func withSeeds(
  _ seeds: Range<UInt64>,
  _ body: (_ seed: UInt64, _ rng: inout SeededRandomNumberGenerator) throws -> Void
) rethrows {
  for seed in seeds {
    var rng = SeededRandomNumberGenerator(seed: seed)
    try body(seed, &rng)
  }
}
