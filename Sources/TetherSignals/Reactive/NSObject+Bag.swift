// Apple platforms only: an `NSObject` gets its bag as an associated object, released (and so
// disposed) when the object is deallocated. Linux's Foundation has no Objective-C runtime, so
// there a class gets `reactive.bag` by conforming to `DisposeBagProvider`.
#if canImport(ObjectiveC)
import Foundation
import ObjectiveC

/// Keys of the associated objects this module attaches. Only their addresses are used.
private enum ReactiveAssociatedKeys {
  nonisolated(unsafe) static var bag: UInt8 = 0  // Unsafe: only its address is used, as a key.
}

/// Makes the first read of an object's bag atomic, so that two threads get the same bag.
private let associatedBagLock = NSLock()

extension ReactiveExtensions where Base: NSObject {
  /// The object's bag, made on first use and kept as an associated object: it is disposed when
  /// the object is deallocated, so observations put there end with it (ReactiveKit's
  /// `NSObject.bag`). Apple platforms only.
  public var bag: DisposeBag {
    associatedBagLock.lock()
    defer { associatedBagLock.unlock() }
    if let bag = objc_getAssociatedObject(base, &ReactiveAssociatedKeys.bag) as? DisposeBag {
      return bag
    }
    let bag = DisposeBag()
    objc_setAssociatedObject(base, &ReactiveAssociatedKeys.bag, bag, .OBJC_ASSOCIATION_RETAIN)
    return bag
  }

  /// A signal that completes when the object is deallocated. Apple platforms only.
  public var deallocated: Signal<Void, Never> {
    bag.deallocated
  }
}

extension ReactiveExtensions where Base: NSObject & DisposeBagProvider {
  /// The object's own bag (its ``DisposeBagProvider`` one).
  public var bag: DisposeBag {
    base.bag
  }

  /// A signal that completes when the object deinitializes.
  public var deallocated: Signal<Void, Never> {
    base.bag.deallocated
  }
}
#endif
