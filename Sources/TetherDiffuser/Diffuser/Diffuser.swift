/// Spreads a model into side effects, running each effect only when the part of the model it
/// shows has changed.
///
/// A diffuser is a tree declared once: `map` picks a part of the model, `intoAll` groups
/// diffusers, and the leaves (`into`, `intoAlways`, `intoOnce`, `intoList`) are the effects.
///
/// ```swift
/// let diffuser = Diffuser<Model>(
///   .map(\Model.header, .intoAll(
///     .map(\Header.title, intoText(views.title)),
///     .map(\Header.subtitle, intoText(views.subtitle))
///   )),
///   .map(\Model.body, .intoList(views.list))
/// )
/// diffuser.run(model1)  // renders everything
/// diffuser.run(model2)  // re-renders only what differs from model1
/// ```
///
/// Reusable diffusers are plain functions returning a `Diffuser`:
///
/// ```swift
/// func intoText(_ label: Label) -> Diffuser<String> {
///   .into { text in label.text = text }
/// }
/// ```
///
/// **When effects run.** The first ``run(_:)`` (and the first after ``reset()``) runs every effect.
/// Later runs run an `into` effect only when its value differs from the value it last received
/// (by `==`, or by the equality you supply), `intoAlways` effects every time, and `intoOnce`
/// effects never again. `map` only transforms: the comparison happens at the leaves, so a
/// transform should be cheap (key paths are). Effects run in declaration order, depth first.
///
/// **Threads.** A diffuser is confined to one isolation domain — the main actor for UI, or an
/// actor, or one thread — and is deliberately not `Sendable`, so the Swift 6 compiler rejects
/// sharing it across threads. It holds the last value of every leaf without locks and runs effects
/// synchronously inside ``run(_:)``, so effects may touch state of the same isolation domain (such
/// as views on the main actor). A `run` made from inside an effect is not nested: it is queued and
/// applied right after the current run finishes, so every effect sees runs in order. To drive a
/// diffuser from a signal or a property that emits on other threads, use `signal.bind(to: diffuser)`
/// on the main actor, or `signal.bind(to: diffuser, context:)` for a diffuser moved into the
/// binding.
public final class Diffuser<A> {
  /// Applies one model: runs the effects whose values changed since the last apply.
  let apply: (A) -> Void
  /// Forgets every remembered value, so the next apply runs everything.
  let forget: () -> Void

  private var isRunning = false
  private var queued: [A] = []

  /// Creates a diffuser from its apply and forget operations (the building block of the DSL).
  init(apply: @escaping (A) -> Void, forget: @escaping () -> Void) {
    self.apply = apply
    self.forget = forget
  }

  /// Creates a diffuser that runs each of `diffusers`, in order, like `intoAll(_:)`.
  public convenience init(_ diffusers: Diffuser<A>...) {
    self.init(diffusers)
  }

  /// Creates a diffuser that runs each of `diffusers`, in order, like `intoAll(_:)`.
  public convenience init(_ diffusers: [Diffuser<A>]) {
    self.init(
      apply: { model in
        for diffuser in diffusers { diffuser.apply(model) }
      },
      forget: {
        for diffuser in diffusers { diffuser.forget() }
      }
    )
  }

  /// Runs the effects whose values changed since the previous run (all of them on the first run).
  ///
  /// Called from inside one of this diffuser's effects, the run is queued and applied as soon as
  /// the current run returns, so effects never see runs out of order.
  public func run(_ model: A) {
    if isRunning {
      queued.append(model)
      return
    }
    isRunning = true
    defer { isRunning = false }
    apply(model)
    // Runs requested by the effects, in the order they were requested.
    while !queued.isEmpty {
      let next = queued.removeFirst()
      apply(next)
    }
  }

  /// Forgets every remembered value, so the next ``run(_:)`` runs every effect again (for example
  /// after the views were recreated).
  public func reset() {
    forget()
  }
}

// A diffuser holds unsynchronized state and runs non-Sendable effects: it must stay in one
// isolation domain. Spelling the non-conformance out keeps anyone from adding it retroactively.
@available(*, unavailable)
extension Diffuser: Sendable {}
