// Stub of the parts of AppKit that Tether's adapters (Sources/TetherAppKit) use, written from
// Apple's documentation: the same class hierarchy, names, argument labels, types and main-actor
// isolation, with empty bodies. It type-checks the adapters on Linux; it runs nothing.
//
// Differences that Swift on Linux forces (there is no Objective-C runtime):
// - the data-source and delegate protocols are plain Swift protocols, and the optional requirements
//   the adapters implement are declared as required ones, so a misspelt implementation fails to
//   compile instead of silently becoming an unrelated method;
// - AppKit's `NSOutlineView` redeclares `dataSource` and `delegate` with its own protocol types,
//   which a Swift subclass cannot do: here `NSTableView` declares both as `(any NSObjectProtocol)?`,
//   so assigning a bridge is checked only as far as that type goes (the bridges' conformances to
//   the data-source protocols are checked in full).
@_exported import Foundation  // UIKit and AppKit re-export Foundation, as on Apple platforms.
@_exported import ObjectiveC  // and the Objective-C module (`Selector`).

/// An abstract class that forms the basis of event and command processing in AppKit.
@MainActor
open class NSResponder: NSObject {
  public override init() {}
}

/// The infrastructure for drawing, printing, and handling events in an app.
@MainActor
open class NSView: NSResponder {
  /// A Boolean value that determines whether the view is hidden.
  open var isHidden = false
  /// The opacity of the view.
  open var alphaValue: CGFloat = 1
}

/// A specialized view, such as a button or text field, that notifies your app of relevant events.
@MainActor
open class NSControl: NSView {
  /// Constants that describe the state of a control.
  public struct StateValue: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static let mixed = StateValue(rawValue: -1)
    public static let off = StateValue(rawValue: 0)
    public static let on = StateValue(rawValue: 1)
  }

  /// The target object that receives action messages from the control.
  weak open var target: AnyObject?
  /// The default action-message selector associated with the control.
  open var action: Selector?
  /// A Boolean value that indicates whether the receiver reacts to mouse events.
  open var isEnabled = true
  /// The value of the receiver's cell as a string.
  open var stringValue = ""
  /// The value of the receiver's cell as a double-precision floating-point number.
  open var doubleValue: Double = 0
}

/// A high-level interface for manipulating image data.
open class NSImage: NSObject, @unchecked Sendable {}  // Safe: AppKit declares it Sendable.

/// A control that defines an area on the screen that can be used to trigger actions.
@MainActor
open class NSButton: NSControl {
  /// The button's state.
  open var state: NSControl.StateValue = .off
  /// The title displayed on the button when it's in an off state.
  open var title = ""
}

/// Text that the user can select or edit and that sends its action message to its target when the
/// user presses the Return key.
@MainActor
open class NSTextField: NSControl {
  /// A Boolean value that controls whether the user can edit the value in the text field.
  open var isEditable = true
}

/// A display of a range of values from which the user selects a single value.
@MainActor
open class NSSlider: NSControl {}

/// A control with up and down arrows for incrementing or decrementing a value.
@MainActor
open class NSStepper: NSControl {}

/// Display one or more buttons in a single horizontal group.
@MainActor
open class NSSegmentedControl: NSControl {
  /// The index of the selected segment of the control, or -1 if no segment is selected.
  open var selectedSegment = -1
}

/// A control for displaying and editing an NSDate object.
@MainActor
open class NSDatePicker: NSControl {
  /// The date displayed by the date picker.
  open var dateValue = Date()
}

/// A display of image data in a frame.
@MainActor
open class NSImageView: NSControl {
  /// The image displayed by the image view.
  open var image: NSImage?
}

/// An interface that provides visual feedback to the user about the status of an ongoing task.
@MainActor
open class NSProgressIndicator: NSView {
  /// The current value of the progress indicator.
  open var doubleValue: Double = 0
  /// Starts the animation of an indeterminate progress indicator.
  open func startAnimation(_ sender: Any?) {}
  /// Stops the animation of an indeterminate progress indicator.
  open func stopAnimation(_ sender: Any?) {}
}

/// A set of related records, displayed in rows that represent individual records and columns that
/// represent the attributes of those records.
@MainActor
open class NSTableView: NSControl {
  /// Options for animating row insertions and removals.
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let effectFade = AnimationOptions(rawValue: 0x1)
    public static let effectGap = AnimationOptions(rawValue: 0x2)
    public static let slideUp = AnimationOptions(rawValue: 0x10)
    public static let slideDown = AnimationOptions(rawValue: 0x20)
    public static let slideLeft = AnimationOptions(rawValue: 0x30)
    public static let slideRight = AnimationOptions(rawValue: 0x40)
  }

  /// The object that provides the data displayed by the table view (see the note above).
  weak open var dataSource: (any NSObjectProtocol)?

  /// The table view's delegate (see the note above).
  weak open var delegate: (any NSObjectProtocol)?

  /// The number of columns in the table view.
  open var numberOfColumns: Int { 0 }

  /// Marks the table view as needing redisplay, so it will reload the data for visible cells and
  /// draw the new values.
  open func reloadData() {}

  /// Begins a group of updates for the table view.
  open func beginUpdates() {}

  /// Ends the group of updates for the table view.
  open func endUpdates() {}

  /// Inserts the rows using the specified animation.
  open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}

  /// Removes the rows using the specified animation.
  open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}

  /// Moves the specified row to the new row location using animation.
  open func moveRow(at oldIndex: Int, to newIndex: Int) {}

  /// Reloads the data for only the specified rows and columns.
  open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {}
}

/// The display characteristics and attributes of a column in a table view.
@MainActor
open class NSTableColumn: NSObject {}

/// A set of methods that a table view uses to provide data to a table view and to allow the editing
/// of the table view's data source object.
@MainActor
public protocol NSTableViewDataSource: NSObjectProtocol {
  /// Returns the number of records managed for the table view (optional in AppKit).
  func numberOfRows(in tableView: NSTableView) -> Int
}

/// A set of optional methods you implement in a table view delegate to customize the behavior of
/// the table view.
@MainActor
public protocol NSTableViewDelegate: NSObjectProtocol {
  /// Asks the delegate for a view to display the specified row and column (optional in AppKit).
  func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView?
}

/// A view that uses a row-and-column format to display hierarchical data that can be expanded and
/// collapsed.
@MainActor
open class NSOutlineView: NSTableView {
  /// Inserts new items at the specified indexes in the specified parent.
  open func insertItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}

  /// Removes items at the specified indexes from the specified parent.
  open func removeItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}

  /// Moves an item at a given index in the specified parent to a new index in a new parent.
  open func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {}

  /// Reloads a given item and, optionally, its children.
  open func reloadItem(_ item: Any?, reloadChildren: Bool) {}
}

/// Methods that an outline view uses to get data from its data source.
@MainActor
public protocol NSOutlineViewDataSource: NSObjectProtocol {
  /// Returns the number of child items encompassed by a given item (optional in AppKit).
  func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int
  /// Returns the child item at the specified index of a given item (optional in AppKit).
  func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?) -> Any
  /// Returns a Boolean value that indicates whether the item is expandable (optional in AppKit).
  func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool
}

/// Methods that customize the behavior of an outline view.
@MainActor
public protocol NSOutlineViewDelegate: NSObjectProtocol {
  /// Returns the view used to display the specified item and column (optional in AppKit).
  func outlineView(_ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any) -> NSView?
}

/// The mechanism for creating multiple animations in a single pass.
@MainActor
open class NSAnimationContext: NSObject {
  /// The duration used by animations created as a result of setting new values for an animatable
  /// property.
  open var duration: TimeInterval = 0.25

  /// Creates a new animation grouping with a completion handler.
  open class func runAnimationGroup(_ changes: (NSAnimationContext) -> Void, completionHandler: (@Sendable () -> Void)? = nil) {}
}
