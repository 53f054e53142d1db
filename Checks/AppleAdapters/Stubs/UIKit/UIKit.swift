// Stub of the parts of UIKit that Tether's adapters (Sources/TetherUIKit) use, written from Apple's
// documentation: the same class hierarchy, names, argument labels, types and main-actor isolation,
// with empty bodies. It type-checks the adapters on Linux; it runs nothing.
//
// Differences that Swift on Linux forces (there is no Objective-C runtime):
// - the data-source protocols are plain Swift protocols, and the optional requirements the adapters
//   implement are declared as required ones, so a misspelt implementation fails to compile instead
//   of silently becoming an unrelated method;
// - `UIView` declares `init()`, which Objective-C classes inherit from `NSObject` on Apple platforms.
@_exported import Foundation  // UIKit and AppKit re-export Foundation, as on Apple platforms.
@_exported import ObjectiveC  // and the Objective-C module (`Selector`).

/// An object that manages the content for a rectangular area on the screen.
@MainActor
open class UIView: NSObject {
  public override init() {}

  /// Runs a block with animations disabled.
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {}

  /// The view's alpha value.
  open var alpha: CGFloat = 1
  /// A Boolean value that determines whether the view is hidden.
  open var isHidden = false
  /// The view's background color.
  open var backgroundColor: UIColor?
  /// The first nondefault tint color value in the view's hierarchy.
  open var tintColor: UIColor!
  /// A Boolean value that determines whether user events are ignored and removed from the event
  /// queue.
  open var isUserInteractionEnabled = true

  /// Attaches a gesture recognizer to the view.
  open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
  /// Detaches a gesture recognizer from the receiving view.
  open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
}

/// A view that allows scrolling of its contained views.
@MainActor
open class UIScrollView: UIView {}

/// A view that presents data using rows in a single column.
@MainActor
open class UITableView: UIScrollView {
  /// The type of animation when rows are inserted or deleted.
  public enum RowAnimation: Int, @unchecked Sendable {  // Safe: a plain enum; UIKit declares it so.
    case fade = 0
    case right = 1
    case left = 2
    case top = 3
    case bottom = 4
    case none = 5
    case middle = 6
    case automatic = 100
  }

  /// The object that acts as the data source of the table view.
  weak open var dataSource: (any UITableViewDataSource)?

  /// Reloads the rows and sections of the table view.
  open func reloadData() {}

  /// Animates multiple insert, delete, reload, and move operations as a group.
  @available(iOS 11.0, tvOS 11.0, *)
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}

  /// Inserts one or more sections in the table view, with an option to animate the insertion.
  open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}

  /// Deletes one or more sections in the table view, with an option to animate the deletion.
  open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}

  /// Reloads the specified sections using a given animation effect.
  open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}

  /// Moves a section to a new location in the table view.
  open func moveSection(_ section: Int, toSection newSection: Int) {}

  /// Inserts rows in the table view at the locations that an array of index paths identifies.
  open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}

  /// Deletes the rows that an array of index paths identifies.
  open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}

  /// Reloads the specified rows using the specified animation effect.
  open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}

  /// Moves the row at a specified location to a destination location.
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}

  /// Returns a reusable table-view cell object located by its identifier.
  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? { nil }

  /// Returns a reusable table-view cell object for the specified reuse identifier and adds it to
  /// the table.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    UITableViewCell()
  }

  /// Registers a class to use in creating new table cells.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
}

/// The visual representation of a single row in a table view.
@MainActor
open class UITableViewCell: UIView {
  /// A string that identifies the purpose of the view.
  open var reuseIdentifier: String? { nil }
}

/// The methods that an object adopts to manage data and provide cells for a table view.
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
  /// Tells the data source to return the number of rows in a given section of a table view.
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  /// Asks the data source for a cell to insert in a particular location of the table view.
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  /// Asks the data source to return the number of sections in the table view (optional in UIKit).
  func numberOfSections(in tableView: UITableView) -> Int
  /// Asks the data source for the title of the header of the specified section (optional in UIKit).
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
}

/// An object that manages an ordered collection of data items and presents them using
/// customizable layouts.
@MainActor
open class UICollectionView: UIScrollView {
  /// The object that provides the data for the collection view.
  weak open var dataSource: (any UICollectionViewDataSource)?

  /// Reloads all of the data for the collection view.
  open func reloadData() {}

  /// Animates multiple insert, delete, reload, and move operations as a group.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}

  /// Inserts new sections at the specified indexes.
  open func insertSections(_ sections: IndexSet) {}

  /// Deletes the sections at the specified indexes.
  open func deleteSections(_ sections: IndexSet) {}

  /// Reloads the data in the specified sections of the collection view.
  open func reloadSections(_ sections: IndexSet) {}

  /// Moves a section from one location to another in the collection view.
  open func moveSection(_ section: Int, toSection newSection: Int) {}

  /// Inserts new items at the specified index paths.
  open func insertItems(at indexPaths: [IndexPath]) {}

  /// Deletes the items at the specified index paths.
  open func deleteItems(at indexPaths: [IndexPath]) {}

  /// Reloads just the items at the specified index paths.
  open func reloadItems(at indexPaths: [IndexPath]) {}

  /// Moves an item from one location to another in the collection view.
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}

  /// Registers a class for use in creating new collection view cells.
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}

  /// Dequeues a reusable cell object located by its identifier.
  open func dequeueReusableCell(
    withReuseIdentifier identifier: String, for indexPath: IndexPath
  )
    -> UICollectionViewCell
  {
    UICollectionViewCell()
  }
}

/// A view that defines the behavior for all cells and supplementary views presented by a
/// collection view.
@MainActor
open class UICollectionReusableView: UIView {
  /// A string that identifies the purpose of the view.
  open var reuseIdentifier: String? { nil }
}

/// A single data item when that item is within the collection view's visible bounds.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {}

/// The methods that an object adopts to manage data and provide cells for a collection view.
@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
  /// Asks your data source object for the number of items in the specified section.
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  /// Asks your data source object for the cell that corresponds to the specified item.
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
  /// Asks your data source object for the number of sections in the collection view (optional in
  /// UIKit).
  func numberOfSections(in collectionView: UICollectionView) -> Int
}

// MARK: - Controls, views and items with `reactive` bindings (Sources/TetherUIKit/*+Reactive.swift)

/// An object that stores color data and sometimes opacity.
open class UIColor: NSObject, @unchecked Sendable {}  // Safe: immutable; UIKit declares it Sendable.

/// An object that manages image data in your app.
open class UIImage: NSObject, @unchecked Sendable {}  // Safe: immutable; UIKit declares it Sendable.

/// A menu element that performs its action in a closure.
@MainActor
open class UIMenuElement: NSObject {
  /// Attributes that determine the style of the menu element.
  public struct Attributes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let disabled = Attributes(rawValue: 1 << 0)
    public static let destructive = Attributes(rawValue: 1 << 1)
    public static let hidden = Attributes(rawValue: 1 << 2)
  }

  /// Constants that indicate the state of an action- or command-based menu element.
  public enum State: Int, Sendable {
    case off = 0
    case on = 1
    case mixed = 2
  }
}

/// A type that defines the closure for an action handler.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A menu element that performs its action in a closure.
@MainActor
open class UIAction: UIMenuElement {
  /// A type that represents an action identifier.
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// Creates an action with the specified title, image, identifier, and handler.
  public convenience init(
    title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
    discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
    state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
  ) {
    self.init()
  }
}

/// The base class for controls, which are visual elements that convey a specific action or
/// intention in response to user interactions.
@MainActor
open class UIControl: UIView {
  /// Constants describing the types of events possible for controls.
  public struct Event: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let touchDown = Event(rawValue: 1 << 0)
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    public static let editingDidBegin = Event(rawValue: 1 << 16)
    public static let editingChanged = Event(rawValue: 1 << 17)
    public static let editingDidEnd = Event(rawValue: 1 << 18)
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
    public static let allEditingEvents = Event(rawValue: 0x000F_0000)
    public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
  }

  /// Constants describing the state of a control.
  public struct State: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal = State([])
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
  }

  /// A Boolean value indicating whether the control is in the enabled state.
  open var isEnabled = true
  /// A Boolean value indicating whether the control is in the selected state.
  open var isSelected = false
  /// A Boolean value indicating whether the control draws a highlight.
  open var isHighlighted = false

  /// Associates a target object and action method with the control.
  open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {}
  /// Stops the delivery of events to the specified target object.
  open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {}
  /// Associates the specified action object with the control for the specified events.
  @available(iOS 14.0, tvOS 14.0, *)
  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
  /// Removes the specified action from the control for the specified events.
  @available(iOS 14.0, tvOS 14.0, *)
  open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

/// A control that executes your custom code in response to user interactions.
@MainActor
open class UIButton: UIControl {
  /// Sets the title to use for the specified state.
  open func setTitle(_ title: String?, for state: UIControl.State) {}
  /// Sets the image to use for the specified state.
  open func setImage(_ image: UIImage?, for state: UIControl.State) {}
  /// Sets the background image to use for the specified button state.
  open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {}
}

/// A view that displays one or more lines of informational text.
@MainActor
open class UILabel: UIView {
  /// The text that the label displays.
  open var text: String?
  /// The styled text that the label displays.
  open var attributedText: NSAttributedString?
  /// The color of the text.
  open var textColor: UIColor!
}

/// An object that displays an editable text area in your interface.
@MainActor
open class UITextField: UIControl {
  /// The text that the text field displays.
  open var text: String?
  /// The styled text that the text field displays.
  open var attributedText: NSAttributedString?
  /// The color of the text.
  open var textColor: UIColor?
}

/// A text field with support for tokens, used by a search bar.
@MainActor
open class UISearchTextField: UITextField {}

/// A scrollable, multiline text region.
@MainActor
open class UITextView: UIScrollView {
  /// Posted when the text changes in a text view.
  public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")

  /// The text that the text view displays.
  open var text: String!
  /// The styled text that the text view displays.
  open var attributedText: NSAttributedString!
  /// The color of the text.
  open var textColor: UIColor?
}

/// A specialized view for receiving search-related information from the user.
@MainActor
open class UISearchBar: UIView {
  /// The current or starting search text.
  open var text: String?
  /// The search bar's text field.
  @available(iOS 13.0, *)
  @available(tvOS, unavailable)
  open var searchTextField: UISearchTextField { UISearchTextField() }
}

/// A control that offers a binary choice, such as on/off.
@available(tvOS, unavailable)
@MainActor
open class UISwitch: UIControl {
  /// A Boolean value that determines the off/on state of the switch.
  open var isOn = false
  /// Sets the state of the switch to the on or off position, optionally animating the transition.
  open func setOn(_ on: Bool, animated: Bool) {}
}

/// A control for selecting a single value from a continuous range of values.
@available(tvOS, unavailable)
@MainActor
open class UISlider: UIControl {
  /// The slider's current value.
  open var value: Float = 0
}

/// A control for incrementing or decrementing a value.
@available(tvOS, unavailable)
@MainActor
open class UIStepper: UIControl {
  /// The numeric value of the stepper.
  open var value: Double = 0
}

/// A horizontal control that consists of multiple segments, each segment functioning as a discrete
/// button.
@MainActor
open class UISegmentedControl: UIControl {
  /// The index number that identifies the selected segment that the user last touched.
  open var selectedSegmentIndex = -1
}

/// A control used for the inputting of date and time values.
@available(tvOS, unavailable)
@MainActor
open class UIDatePicker: UIControl {
  /// The date displayed by the date picker.
  open var date = Date()
}

/// A standard control that can initiate the refreshing of a scroll view's contents.
@available(tvOS, unavailable)
@MainActor
open class UIRefreshControl: UIControl {
  /// A Boolean value indicating whether a refresh operation has been triggered and is in progress.
  open var isRefreshing: Bool { false }
  /// Tells the control that a refresh operation was started programmatically.
  open func beginRefreshing() {}
  /// Tells the control that a refresh operation has ended.
  open func endRefreshing() {}
}

/// An object that displays a single image or a sequence of animated images in your interface.
@MainActor
open class UIImageView: UIView {
  /// The image displayed in the image view.
  open var image: UIImage?
}

/// A view that shows that a task is in progress.
@MainActor
open class UIActivityIndicatorView: UIView {
  /// A Boolean value that controls whether the activity indicator is animating.
  open var isAnimating: Bool { false }
  /// Starts the animation of the progress indicator.
  open func startAnimating() {}
  /// Stops the animation of the progress indicator.
  open func stopAnimating() {}
}

/// A view that depicts the progress of a task over time.
@MainActor
open class UIProgressView: UIView {
  /// The current progress of the progress view.
  open var progress: Float = 0
}

/// An abstract superclass for items that you can add to a bar that appears at the bottom or top
/// of the screen.
@MainActor
open class UIBarItem: NSObject {
  public override init() {}
  /// The title displayed on the item.
  open var title: String?
  /// The image used to represent the item.
  open var image: UIImage?
  /// A Boolean value that indicates whether the item is enabled.
  open var isEnabled = true
}

/// A specialized button for placement in a toolbar or tab bar.
@MainActor
open class UIBarButtonItem: UIBarItem {
  /// The object that receives an action when the user selects the item.
  weak open var target: AnyObject?
  /// The selector that defines the action message to send to the target object when the user taps
  /// this bar button item.
  open var action: Selector?
}

/// The base class for concrete gesture recognizers.
@MainActor
open class UIGestureRecognizer: NSObject {
  public override init() {}
  /// Creates a gesture recognizer with a target and an action selector.
  public init(target: Any?, action: Selector?) {}
  /// A Boolean property that indicates whether the gesture recognizer is enabled.
  open var isEnabled = true
  /// The view the gesture recognizer is attached to.
  open var view: UIView? { nil }
  /// Adds a target and an action to a gesture-recognizer object.
  open func addTarget(_ target: Any, action: Selector) {}
  /// Removes a target and an action from a gesture-recognizer object.
  open func removeTarget(_ target: Any?, action: Selector?) {}
}

/// A discrete gesture recognizer that interprets single or multiple taps.
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
  /// The number of taps necessary for gesture recognition.
  open var numberOfTapsRequired = 1
  /// The number of fingers that the user must tap for gesture recognition.
  open var numberOfTouchesRequired = 1
}

/// A continuous gesture recognizer that interprets panning gestures.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
  /// The minimum number of fingers that can touch the view for gesture recognition.
  open var minimumNumberOfTouches = 1
  /// The maximum number of fingers that can touch the view for gesture recognition.
  open var maximumNumberOfTouches = Int.max
}

/// A discrete gesture recognizer that interprets swiping gestures in one or more directions.
@MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
  /// The permitted directions of the swipe for a swipe gesture-recognizer object.
  public struct Direction: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let right = Direction(rawValue: 1 << 0)
    public static let left = Direction(rawValue: 1 << 1)
    public static let up = Direction(rawValue: 1 << 2)
    public static let down = Direction(rawValue: 1 << 3)
  }
  /// The number of touches that must be present for the swipe gesture to be recognized.
  open var numberOfTouchesRequired = 1
  /// The permitted direction of the swipe for this gesture recognizer.
  open var direction: UISwipeGestureRecognizer.Direction = .right
}

/// A continuous gesture recognizer that interprets long-press gestures.
@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
  /// The number of full taps required before the press for gesture to be recognized.
  open var numberOfTapsRequired = 0
  /// The number of fingers that must be pressed on the view for gesture to be recognized.
  open var numberOfTouchesRequired = 1
  /// The minimum time that the user must press on the view for the gesture to be recognized.
  open var minimumPressDuration: TimeInterval = 0.5
  /// The maximum movement of the fingers on the view before the gesture fails.
  open var allowableMovement: CGFloat = 10
}

/// A continuous gesture recognizer that interprets pinching gestures involving two touches.
@available(tvOS, unavailable)
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {}

/// A continuous gesture recognizer that interprets rotation gestures involving two touches.
@available(tvOS, unavailable)
@MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {}

extension IndexPath {
  /// An index number identifying an item in a section of a collection view.
  public var item: Int { self[1] }
  /// An index number identifying a row in a section of a table view.
  public var row: Int { self[1] }
  /// An index number identifying a section in a table view or collection view.
  public var section: Int { self[0] }
  /// Initializes an index path with the indexes of a specific item and section in a collection
  /// view.
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  /// Initializes an index path with the indexes of a specific row and section in a table view.
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
}
