/// A subject whose ``SignalProtocol/toSignal()`` observes its core, not the subject itself.
///
/// Operators keep the signal they observe (`retry` and `repeat` observe it again; others keep it
/// for the next observation). If that signal held the subject, an operator observing the subject
/// would close a cycle subject → observer → operator → signal → subject, which nothing breaks when
/// the subject's owner lets it go without ending it. Holding only the core keeps the cycle
/// breakable: when the subject deinitializes it detaches every observer from the core.
///
/// A signal made this way behaves as the subject would for every observer: once the subject is
/// gone nobody can send to its core, so new observers get what the core replays (buffered
/// elements, the terminal event) and are ended at once rather than registered (registered, they
/// would be tied to the core in a cycle nothing breaks).
@usableFromInline
internal protocol SubjectCoreSignalSource {
  /// A ``Signal`` observing the subject's core without holding the subject, as `Any` so that
  /// `toSignal()` can ask for it without knowing the subject's type.
  var coreSignal: Any { get }
}

extension PassthroughSubject: SubjectCoreSignalSource {
  @usableFromInline
  internal var coreSignal: Any {
    let core = core
    return Signal<Element, Error>(unsafeSubscribe: { observer in core.observe(observer) })
  }
}

extension ReplaySubject: SubjectCoreSignalSource {
  @usableFromInline
  internal var coreSignal: Any {
    let core = core
    return Signal<Element, Error>(unsafeSubscribe: { observer in core.observe(observer) })
  }
}

extension ReplayOneSubject: SubjectCoreSignalSource {
  @usableFromInline
  internal var coreSignal: Any {
    let core = core
    return Signal<Element, Error>(unsafeSubscribe: { observer in core.observe(observer) })
  }
}
