import Dispatch
import Tether

extension PlaygroundPage {
  /// Diffuser and Fuser: data spread into effects, events gathered from sources.
  public static let diffuserFuser = PlaygroundPage(
    name: "diffuser-fuser",
    summary: "Diffuser: model -> effects for what changed; Fuser: many sources -> one stream"
  ) { out in
    out.say("A Diffuser is declared once: map picks a part of the model, the leaves are effects.")
    out.say("The first run applies everything; later runs only what changed.")
    let views = InboxViews(out)
    let diffuser = Diffuser<InboxModel>(
      .map(
        \InboxModel.header,
        .intoAll(
          .map(\Header.title, intoText(views.title)),
          .map(\Header.subtitle, intoText(views.subtitle))
        )
      ),
      .map(\InboxModel.body, intoList(views.list))
    )
    out.heading("run 1")
    diffuser.run(InboxModel(header: Header(title: "Inbox", subtitle: "3 unread"), body: ["ann", "bob", "cy"]))
    out.heading("run 2: new subtitle, cy moved up, dee arrived")
    diffuser.run(InboxModel(header: Header(title: "Inbox", subtitle: "4 unread"), body: ["cy", "ann", "bob", "dee"]))
    out.heading("run 3: the same model")
    diffuser.run(InboxModel(header: Header(title: "Inbox", subtitle: "4 unread"), body: ["cy", "ann", "bob", "dee"]))
    out.say("(nothing printed: nothing changed)")

    out.print()
    out.say("intoAlways runs on every run, intoOnce on the first only; into(isEqual:) compares your way.")
    let counters = Diffuser<Int>(
      .intoOnce { _ in out.print("once: set up") },
      .intoAlways { value in out.print("always: \(value)") },
      .into(isEqual: { $0 / 10 == $1 / 10 }) { value in out.print("tens changed: \(value)") }
    )
    for value in [1, 5, 12] { counters.run(value) }

    out.print()
    out.say("bind drives a diffuser from a signal or a property. On the main actor, `bind(to:)`;")
    out.say("here a diffuser is sent into a binding that runs it on a context of our choice.")
    let unread = Property(3)
    let badge = unread.bind(
      to: Diffuser<Int>(.into { count in out.print("badge: \(count)") }),
      context: .immediate
    )
    unread.value = 3
    unread.value = 4
    badge.dispose()
    unread.value = 5
    out.say("(5 was set after dispose: not shown)")

    out.print()
    out.say("A Fuser gathers events from many sources into one stream.")
    let username = TextField()
    let password = TextField()
    let login = Button()
    let fuser = Fuser<LoginEvent>(
      .extract({ .usernameChanged(username: $0) }, .fromTextChanges(username)),
      .extract({ .passwordChanged(password: $0) }, .fromTextChanges(password)),
      .extract({ .loginClicked }, .fromTaps(login))
    )
    let connection = fuser.connect { event in out.print("event: \(event)") }
    username.type("ann")
    password.type("hunter2")
    login.tap()
    connection.dispose()
    login.tap()
    out.say("(the tap after dispose() reached nobody)")

    out.print()
    out.say("Events from several threads reach the handler one at a time.")
    let clicks = PassthroughSubject<Int, Never>()
    // A `Property` is also a thread-safe box; `silentModify` changes it without emitting.
    let busy = Property(0)
    let overlaps = Property(0)
    let delivered = Property(0)
    let counting = Fuser<Int>(.from(clicks)).connect { _ in
      let running = busy.silentModify { count in
        count += 1
        return count
      }
      if running > 1 { overlaps.silentModify { $0 += 1 } }
      delivered.silentModify { $0 += 1 }
      busy.silentModify { $0 -= 1 }
    }
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<250 { clicks.send(thread * 1_000 + index) }
    }
    counting.dispose()
    out.print(
      "delivered \(delivered.value) events, overlapping deliveries: \(overlaps.value)"
    )

    out.print()
    out.say("A Fuser is a signal too: toSignal() gives a SafeSignal for the usual operators.")
    let words = PassthroughSubject<String, Never>()
    let lengths = Fuser<String>(.from(words)).toSignal().map { "\($0) has \($0.count) letters" }
    let observation = lengths.observeNext { out.print($0) }
    words.send("fuse")
    words.send("diffuse")
    observation.dispose()
  }
}

// MARK: The page's models and stand-in views

private struct Header: Equatable {
  var title: String
  var subtitle: String
}

private struct InboxModel {
  var header: Header
  var body: [String]
}

/// Views that print what is done to them.
private struct InboxViews {
  let title: Label
  let subtitle: Label
  let list: ListView

  init(_ out: Transcript) {
    title = Label(name: "title", out: out)
    subtitle = Label(name: "subtitle", out: out)
    list = ListView(out: out)
  }
}

private final class Label {
  let name: String
  let out: Transcript
  init(name: String, out: Transcript) {
    self.name = name
    self.out = out
  }
  func setText(_ text: String) { out.print("\(name).text = \"\(text)\"") }
}

private final class ListView {
  let out: Transcript
  private var rows: [String] = []
  init(out: Transcript) { self.out = out }
  func apply(_ changeset: OrderedCollectionChangeset<[String]>) {
    if changeset.isReload {
      out.print("list.reloadData() -> \(changeset.collection)")
    } else {
      out.print("list.performBatchUpdates(\(changeset.diff)) -> \(changeset.collection)")
    }
    rows = changeset.collection
  }
}

// The seed's reusable diffusers: free functions returning a Diffuser.
private func intoText(_ label: Label) -> Diffuser<String> {
  return .into { text in
    label.setText(text)
  }
}

private func intoList(_ list: ListView) -> Diffuser<[String]> {
  .intoList { changeset in list.apply(changeset) }
}

private enum LoginEvent: Sendable, CustomStringConvertible {
  case usernameChanged(username: String)
  case passwordChanged(password: String)
  case loginClicked

  var description: String {
    switch self {
    case .usernameChanged(let username): "usernameChanged(\(username))"
    case .passwordChanged(let password): "passwordChanged(\(String(repeating: "*", count: password.count)))"
    case .loginClicked: "loginClicked"
    }
  }
}

/// A text field whose changes are a subject.
private final class TextField: Sendable {
  let changes = PassthroughSubject<String, Never>()
  func type(_ text: String) { changes.send(text) }
}

/// A button whose taps are a subject.
private final class Button: Sendable {
  let taps = PassthroughSubject<Void, Never>()
  func tap() { taps.send() }
}

// The seed's reusable sources: static functions returning a Fuser.
extension Fuser where Event == String {
  fileprivate static func fromTextChanges(_ field: TextField) -> Fuser<String> {
    .from(field.changes)
  }
}

extension Fuser where Event == Void {
  fileprivate static func fromTaps(_ button: Button) -> Fuser<Void> {
    .from(button.taps)
  }
}
