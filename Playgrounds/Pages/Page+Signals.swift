import Tether

extension PlaygroundPage {
  /// Signals: making, transforming and observing streams of events.
  public static let signals = PlaygroundPage(name: "signals", summary: "making and observing signals") { out in
    out.say("placeholder until the runtime lands")
  }
}
