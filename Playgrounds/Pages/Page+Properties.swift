import Tether

extension PlaygroundPage {
  /// Properties: observable values that always have a current value.
  public static let properties = PlaygroundPage(name: "properties", summary: "observable values") { out in
    out.say("A Property holds a value. Observing it emits the current value first, then every change.")
    let temperature = Property(20)
    let bag = DisposeBag()
    temperature.observeNext { out.print("thermometer shows \($0)") }.dispose(in: bag)
    temperature.value = 21
    temperature.value = 23
    out.print("temperature.value == \(temperature.value)")

    out.print()
    out.say("modify is an atomic read-modify-write: safe from any thread, one emission.")
    let cart = Property<[String]>([])
    cart.observeNext { out.print("cart: \($0)") }.dispose(in: bag)
    let count = cart.modify { items -> Int in
      items.append("apples")
      items.append("pears")
      return items.count
    }
    out.print("modify returned \(count)")

    out.print()
    out.say("silentUpdate(value:) changes the value without telling current observers.")
    temperature.silentUpdate(value: 30)
    out.print("temperature.value == \(temperature.value); the thermometer printed nothing")
    _ = temperature.observeNext { out.print("a new observer starts from \($0)") }

    out.print()
    out.say("A read-only view can be handed out: it can be read and observed, not set.")
    let shownTemperature: AnyProperty<Int> = temperature.readOnlyView
    out.print("read-only view reads \(shownTemperature.value)")

    out.print()
    out.say("bind(to:) feeds a signal into a property; the property is held weakly.")
    let slider = PassthroughSubject<Int, Never>()
    let volume = Property(0)
    slider.bind(to: volume).dispose(in: bag)
    volume.observeNext { out.print("volume is \($0)") }.dispose(in: bag)
    slider.send(7)
    slider.send(11)

    out.print()
    out.say("bind(to:context:setter:) feeds any object, held weakly; the binding ends when it goes.")
    final class Label: Sendable {
      let name: String
      let out: Transcript
      init(name: String, out: Transcript) {
        self.name = name
        self.out = out
      }
      func show(_ text: String) { out.print("\(name) label shows \"\(text)\"") }
    }
    var label: Label? = Label(name: "volume", out: out)
    let binding = volume.map { "\($0) dB" }.bind(to: label!, context: .immediate) { label, text in
      label.show(text)
    }
    volume.value = 12
    label = nil
    volume.value = 13
    out.print("after the label went away the binding is disposed: \(binding.isDisposed)")

    out.print()
    out.say("Observers may set the property they observe. ReactiveKit's Property called observers")
    out.say("under its lock and deadlocked here (its issue #279); Tether queues the new value and")
    out.say("delivers it after the current one.")
    let level = Property(1)
    level.observeNext { value in
      out.print("level \(value)")
      if value < 3 { level.value = value + 1 }
    }.dispose(in: bag)

    out.print()
    out.say("A property completes its observers when it goes away, as in ReactiveKit.")
    var session: Property<String>? = Property("signed in")
    _ = session!.observe { event in out.print("session: \(event)") }
    session = nil
    bag.dispose()
  }
}
