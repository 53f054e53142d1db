import Foundation
import Tether

extension PlaygroundPage {
  /// Controls: the bindings a Bond app writes first, on stand-in controls that run anywhere.
  public static let controls = PlaygroundPage(
    name: "controls",
    summary: "binding text fields, buttons and labels as a Bond app does (stand-in controls)"
  ) { out in
    MainActor.assumeIsolated { controlsPage(out) }
  }
}

@MainActor
private func controlsPage(_ out: Transcript) {
  out.say("On iOS, TetherUIKit gives UITextField, UIButton and UILabel Bond's reactive extensions.")
  out.say("They are built on platform-neutral pieces: an event source turned into a signal, and a")
  out.say("DynamicSubject, a two-way property that does not echo what it sets. Here they run on")
  out.say("stand-in controls, so this page runs on Linux too; an app writes the same lines.")
  let bag = DisposeBag()
  let username = TextField(name: "username", out: out)
  let password = TextField(name: "password", out: out)
  let signUp = Button(out: out)
  let greeting = Label(name: "greeting", out: out)

  out.print()
  out.say("textField.reactive.text.bind(to: label): the label follows what the user types.")
  username.reactive.text.map { "Hi \($0 ?? "")" }.bind(to: greeting.reactive.text).dispose(in: bag)
  username.userTypes("ada")

  out.print()
  out.say("combineLatest of two fields' text, bound to the button's isEnabled.")
  combineLatest(username.reactive.text, password.reactive.text) { name, secret in
    !(name ?? "").isEmpty && (secret ?? "").count >= 8
  }
  .bind(to: signUp.reactive.isEnabled)
  .dispose(in: bag)
  password.userTypes("secret")
  password.userTypes("secret-enough")

  out.print()
  out.say("button.reactive.tap is a signal of taps.")
  signUp.reactive.tap.observeNext { out.print("sign up tapped") }.dispose(in: bag)
  signUp.userTaps()

  out.print()
  out.say("bidirectionalBind keeps a view model's property and a field in step. When it is made,")
  out.say("the field takes the property's value and the property takes it back once (as in")
  out.say("ReactiveKit); after that there are no echoes: what the user types reaches the property")
  out.say("once, and a value set on the property reaches the field once and does not come back.")
  let name = Property<String?>("grace")
  name.observeNext { out.print("view model's name: \($0 ?? "nil")") }.dispose(in: bag)
  name.bidirectionalBind(to: username.reactive.text).dispose(in: bag)
  username.userTypes("grace hopper")
  name.value = "Grace"

  out.print()
  out.say("Bindings end with the control: they never keep it alive.")
  var temporary: TextField? = TextField(name: "temporary", out: out)
  weak let weakTemporary = temporary
  let binding = name.bind(to: temporary!.reactive.text)
  temporary = nil
  out.print("the field is gone: \(weakTemporary == nil); its binding is disposed: \(binding.isDisposed)")
}

/// A stand-in for a text field: main-actor, with handlers it calls when the user edits its text
/// (setting `text` in code calls none, as with UIKit).
@MainActor
private final class TextField: ReactiveExtensionsProvider, DisposeBagProvider {
  nonisolated let bag = DisposeBag()
  let name: String
  let out: Transcript
  var text: String? = ""
  private var handlers: [Int: @MainActor () -> Void] = [:]
  private var nextHandler = 0

  init(name: String, out: Transcript) {
    self.name = name
    self.out = out
  }

  func addHandler(_ handler: @escaping @MainActor () -> Void) -> Int {
    nextHandler += 1
    handlers[nextHandler] = handler
    return nextHandler
  }

  func removeHandler(_ id: Int) { handlers[id] = nil }

  func userTypes(_ newText: String) {
    out.print("the user types \"\(newText)\" into \(name)")
    text = newText
    for id in handlers.keys.sorted() { handlers[id]?() }
  }
}

extension ReactiveExtensions where Base == TextField {
  /// Like `UITextField.reactive.text`: the text, then every edit; setting it sets the field.
  fileprivate var text: DynamicSubject<String?> {
    let editingChanged = events(
      register: { field, send in field.addHandler { send(()) } },
      unregister: { field, id in field.removeHandler(id) })
    return dynamicSubject(
      signal: editingChanged,
      get: { $0.text },
      set: { field, text in
        field.text = text
        field.out.print("\(field.name) field now shows \"\(text ?? "")\"")
      })
  }
}

/// A stand-in for a button.
@MainActor
private final class Button: ReactiveExtensionsProvider, DisposeBagProvider {
  nonisolated let bag = DisposeBag()
  let out: Transcript
  var isEnabled = true {
    didSet { out.print("sign-up button is \(isEnabled ? "enabled" : "disabled")") }
  }
  private var onTap: [Int: @MainActor () -> Void] = [:]
  private var nextHandler = 0

  init(out: Transcript) { self.out = out }

  func addHandler(_ handler: @escaping @MainActor () -> Void) -> Int {
    nextHandler += 1
    onTap[nextHandler] = handler
    return nextHandler
  }

  func removeHandler(_ id: Int) { onTap[id] = nil }

  func userTaps() {
    guard isEnabled else { return }
    for id in onTap.keys.sorted() { onTap[id]?() }
  }
}

extension ReactiveExtensions where Base == Button {
  /// Like `UIButton.reactive.tap`.
  fileprivate var tap: SafeSignal<Void> {
    events(
      register: { button, send in button.addHandler { send(()) } },
      unregister: { button, id in button.removeHandler(id) })
  }

  /// Like `UIControl.reactive.isEnabled`.
  fileprivate var isEnabled: Bond<Bool> {
    bond { $0.isEnabled = $1 }
  }
}

/// A stand-in for a label.
@MainActor
private final class Label: ReactiveExtensionsProvider, DisposeBagProvider {
  nonisolated let bag = DisposeBag()
  let name: String
  let out: Transcript

  init(name: String, out: Transcript) {
    self.name = name
    self.out = out
  }

  func show(_ text: String?) { out.print("\(name) label shows \"\(text ?? "")\"") }
}

extension ReactiveExtensions where Base == Label {
  /// Like `UILabel.reactive.text`.
  fileprivate var text: Bond<String?> {
    bond { $0.show($1) }
  }
}
