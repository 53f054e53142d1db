// Stub of the parts of Apple's Objective-C runtime module that Tether's adapters use, written from
// Apple's documentation (objc_setAssociatedObject(_:_:_:_:), objc_getAssociatedObject(_:_:),
// objc_AssociationPolicy, Selector). Declarations only: it type-checks the adapters on Linux, it
// runs nothing.

/// Policies for an associated object's reference.
public enum objc_AssociationPolicy: UInt, Sendable {
  case OBJC_ASSOCIATION_ASSIGN = 0
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
  case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
  case OBJC_ASSOCIATION_RETAIN = 769
  case OBJC_ASSOCIATION_COPY = 771
}

/// Sets an associated value for an object using a key and an association policy.
public func objc_setAssociatedObject(
  _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {}

/// Returns the value associated with an object for a key.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { nil }

/// An Objective-C selector: a method name that target-action messages are sent with.
public struct Selector: Hashable {
  /// Creates a selector from a method name.
  public init(_ str: String) {}
}
