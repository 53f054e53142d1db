extension Signal: CustomStringConvertible {
  /// The type, such as `Signal<Int, Never>`.
  ///
  /// A signal holds no state of its own (each observation runs its producer anew), so there is no
  /// value or observer count to show; observe it, or describe the subject or property it came from.
  public var description: String {
    "\(Self.self)"
  }
}
