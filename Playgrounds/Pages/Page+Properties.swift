import Tether

extension PlaygroundPage {
  /// Properties: observable values that always have a current value.
  public static let properties = PlaygroundPage(name: "properties", summary: "observable values") { out in
    out.say("placeholder until the runtime lands")
  }
}
