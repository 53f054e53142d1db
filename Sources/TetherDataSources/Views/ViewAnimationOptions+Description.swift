extension ViewAnimationOptions: CustomStringConvertible {
  /// The options as a Swift array literal, such as `[.effectFade, .slideUp]`.
  public var description: String {
    let effects: [(ViewAnimationOptions, String)] = [(.effectFade, ".effectFade"), (.effectGap, ".effectGap")]
    var names = effects.filter { contains($0.0) }.map(\.1)
    // The slides are values of one field (0x10...0x40), not separate bits.
    switch rawValue & 0xF0 {
    case 0x10: names.append(".slideUp")
    case 0x20: names.append(".slideDown")
    case 0x30: names.append(".slideLeft")
    case 0x40: names.append(".slideRight")
    default: break
    }
    return "[\(names.joined(separator: ", "))]"
  }
}
