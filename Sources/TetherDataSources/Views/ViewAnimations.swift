/// How a sectioned view animates rows and sections appearing, disappearing or reloading; the
/// platform-neutral twin of `UITableView.RowAnimation` (same cases, same raw values).
public enum ViewRowAnimation: Int, Hashable, Sendable, CaseIterable {
  /// The rows fade in or out.
  case fade = 0
  /// The rows slide in from, or out to, the right.
  case right = 1
  /// The rows slide in from, or out to, the left.
  case left = 2
  /// The rows slide in from, or out to, the top.
  case top = 3
  /// The rows slide in from, or out to, the bottom.
  case bottom = 4
  /// No animation: the rows appear or disappear at once.
  case none = 5
  /// The rows stay centered while they appear or disappear.
  case middle = 6
  /// The view picks a suitable animation.
  case automatic = 100
}

/// How a flat list view animates rows appearing or disappearing; the platform-neutral twin of
/// `NSTableView.AnimationOptions` (same raw values). The empty set means no animation.
public struct ViewAnimationOptions: OptionSet, Hashable, Sendable {
  /// The raw bits, as in `NSTableView.AnimationOptions`.
  public let rawValue: UInt

  /// Creates options from raw bits.
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// The rows fade in or out.
  public static let effectFade = ViewAnimationOptions(rawValue: 0x1)
  /// Room opens (or closes) where the rows appear (or disappear).
  public static let effectGap = ViewAnimationOptions(rawValue: 0x2)
  /// The rows slide up.
  public static let slideUp = ViewAnimationOptions(rawValue: 0x10)
  /// The rows slide down.
  public static let slideDown = ViewAnimationOptions(rawValue: 0x20)
  /// The rows slide left.
  public static let slideLeft = ViewAnimationOptions(rawValue: 0x30)
  /// The rows slide right.
  public static let slideRight = ViewAnimationOptions(rawValue: 0x40)
}

/// The animations a sectioned binder asks for, per kind of change, and whether it animates at all.
///
/// ```swift
/// var animations = SectionedViewAnimations.automatic
/// animations.rowDeletion = .left
/// items.bind(to: tableView, animations: animations) { ... }
/// items.bind(to: tableView, animations: .none) { ... }  // no animation at all
/// ```
public struct SectionedViewAnimations: Hashable, Sendable {
  /// The animation of inserted sections.
  public var sectionInsertion: ViewRowAnimation
  /// The animation of deleted sections.
  public var sectionDeletion: ViewRowAnimation
  /// The animation of reloaded sections.
  public var sectionReload: ViewRowAnimation
  /// The animation of inserted rows.
  public var rowInsertion: ViewRowAnimation
  /// The animation of deleted rows.
  public var rowDeletion: ViewRowAnimation
  /// The animation of reloaded rows.
  public var rowReload: ViewRowAnimation
  /// Whether batch updates animate; when `false` every kind uses `.none` and the batch runs inside
  /// the view's `performWithoutAnimation(_:)` (so moves do not animate either).
  public var isAnimated: Bool

  /// Uses `animation` for every kind of change.
  public init(all animation: ViewRowAnimation = .automatic) {
    sectionInsertion = animation
    sectionDeletion = animation
    sectionReload = animation
    rowInsertion = animation
    rowDeletion = animation
    rowReload = animation
    isAnimated = true
  }

  /// Lets the view choose every animation (`.automatic`).
  public static let automatic = SectionedViewAnimations(all: .automatic)

  /// Fades everything in and out.
  public static let fade = SectionedViewAnimations(all: .fade)

  /// No animation at all: `.none` everywhere, inside `performWithoutAnimation(_:)`.
  public static let none: SectionedViewAnimations = {
    var animations = SectionedViewAnimations(all: .none)
    animations.isAnimated = false
    return animations
  }()
}

/// The animations a flat binder asks for, and whether it animates at all.
public struct FlatViewAnimations: Hashable, Sendable {
  /// The animation of inserted rows.
  public var insertion: ViewAnimationOptions
  /// The animation of removed rows.
  public var removal: ViewAnimationOptions
  /// Whether updates animate; when `false` both kinds use the empty set and moves are applied
  /// inside the view's `performWithoutAnimation(_:)`.
  public var isAnimated: Bool

  /// Uses `options` for insertions and removals.
  public init(all options: ViewAnimationOptions = .effectFade) {
    insertion = options
    removal = options
    isAnimated = true
  }

  /// Fades rows in and out (AppKit's usual choice).
  public static let fade = FlatViewAnimations(all: .effectFade)

  /// No animation at all.
  public static let none: FlatViewAnimations = {
    var animations = FlatViewAnimations(all: [])
    animations.isAnimated = false
    return animations
  }()
}
