// Apple platforms only. On Linux, Checks/AppleAdapters type-checks this file against stub UIKit
// and ObjectiveC modules written from Apple's documentation.
#if canImport(UIKit) && !os(watchOS)
import Foundation
import TetherSignals
import UIKit

extension ReactiveExtensions where Base: UITextField {
  /// The text field's text as the user edits it (`.allEditingEvents`), and a binding target that
  /// sets it. Bond's `text`.
  public var text: DynamicSubject<String?> {
    dynamicSubject(signal: controlEvents(.allEditingEvents), get: { $0.text }, set: { $0.text = $1 })
  }

  /// The text field's attributed text as the user edits it, and a binding target that sets it.
  public var attributedText: DynamicSubject<NSAttributedString?> {
    dynamicSubject(
      signal: controlEvents(.allEditingEvents), get: { $0.attributedText }, set: { $0.attributedText = $1 })
  }

  /// Sets the text field's text color.
  public var textColor: Bond<UIColor?> {
    bond { textField, color in textField.textColor = color }
  }
}

extension UITextField: BindableProtocol {
  /// Binds a signal of texts to the text field (`bind(to: textField)`, as in Bond).
  nonisolated public func bind(signal: Signal<String?, Never>) -> any Disposable {
    reactive.text.bind(signal: signal)
  }
}

extension ReactiveExtensions where Base: UITextView {
  /// The text view's change notifications (`textDidChangeNotification`, which UIKit posts on the
  /// main thread), until it is deallocated.
  private var textChanges: SafeSignal<Void> {
    events(
      register: { textView, send in
        NotificationCenter.default.addObserver(
          forName: UITextView.textDidChangeNotification, object: textView, queue: nil
        ) { _ in MainActor.assumeIsolated { send(()) } }
      },
      unregister: { _, observer in NotificationCenter.default.removeObserver(observer) })
  }

  /// The text view's text as the user edits it, and a binding target that sets it. Bond's `text`.
  public var text: DynamicSubject<String?> {
    dynamicSubject(signal: textChanges, get: { $0.text }, set: { $0.text = $1 })
  }

  /// The text view's attributed text as the user edits it, and a binding target that sets it.
  public var attributedText: DynamicSubject<NSAttributedString?> {
    dynamicSubject(signal: textChanges, get: { $0.attributedText }, set: { $0.attributedText = $1 })
  }

  /// Sets the text view's text color.
  public var textColor: Bond<UIColor?> {
    bond { textView, color in textView.textColor = color }
  }
}

extension UITextView: BindableProtocol {
  /// Binds a signal of texts to the text view (`bind(to: textView)`, as in Bond).
  nonisolated public func bind(signal: Signal<String?, Never>) -> any Disposable {
    reactive.text.bind(signal: signal)
  }
}

// A search bar's `searchTextField` does not exist on tvOS.
#if !os(tvOS)
extension ReactiveExtensions where Base: UISearchBar {
  /// The search bar's text as the user edits it, and a binding target that sets it. Bond's `text`;
  /// where Bond listens through a delegate proxy, this listens to the editing events of the search
  /// bar's `searchTextField`, so the search bar's delegate stays yours.
  public var text: DynamicSubject<String?> {
    let edits: SafeSignal<Void> = events(
      register: { bar, send in addHandler(for: .allEditingEvents, to: bar.searchTextField) { send(()) } },
      unregister: { bar, registration in
        removeHandler(registration, for: .allEditingEvents, from: bar.searchTextField)
      })
    return dynamicSubject(signal: edits, get: { $0.text }, set: { $0.text = $1 })
  }
}
#endif
#endif
