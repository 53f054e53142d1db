import Dispatch
import Tether
import XCTest

// snippet: diffuser-fuser-views
/// The model of an inbox screen.
struct DiffuserInbox {
  var header: DiffuserHeader
  var body: [String]
}

struct DiffuserHeader: Equatable {
  var title: String
  var subtitle: String
}

/// A stand-in for a label: it prints what is done to it.
final class DiffuserLabel {
  let name: String
  init(name: String) { self.name = name }
  func setText(_ text: String) { print("\(name).text = \"\(text)\"") }
}

/// A stand-in for a list view: it prints the updates it is given.
final class DiffuserList {
  func apply(_ changeset: OrderedCollectionChangeset<[String]>) {
    if changeset.isReload {
      print("list.reloadData() \(changeset.collection)")
    } else {
      print("list.performBatchUpdates(\(changeset.diff))")
    }
  }
}
// snippet-end

// snippet: diffuser-fuser-reusable
/// Reusable diffusers are plain functions returning a `Diffuser`.
func intoText(_ label: DiffuserLabel) -> Diffuser<String> {
  .into { text in label.setText(text) }
}

func intoList(_ list: DiffuserList) -> Diffuser<[String]> {
  .intoList { changeset in list.apply(changeset) }
}
// snippet-end

// snippet: diffuser-fuser-sources
enum FuserLoginEvent: Sendable, Equatable {
  case usernameChanged(String)
  case passwordChanged(String)
  case loginTapped
}

/// Stand-ins for controls, whose callbacks are subjects here.
final class FuserTextField: Sendable {
  let changes = PassthroughSubject<String, Never>()
}

final class FuserButton: Sendable {
  let taps = PassthroughSubject<Void, Never>()
}

// Reusable sources are static functions returning a `Fuser`.
extension Fuser where Event == String {
  static func fromTextChanges(_ field: FuserTextField) -> Fuser<String> {
    .from(field.changes)
  }
}

extension Fuser where Event == Void {
  static func fromTaps(_ button: FuserButton) -> Fuser<Void> {
    .from { emit in button.taps.observeNext { emit(()) } }
  }
}
// snippet-end

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class DiffuserAndFuserSnippetTests: XCTestCase {
  func testADiffuserRunsOnlyWhatChanged() {
    // snippet: diffuser-fuser-declare
    let title = DiffuserLabel(name: "title")
    let subtitle = DiffuserLabel(name: "subtitle")
    let list = DiffuserList()
    let diffuser = Diffuser<DiffuserInbox>(
      .map(
        \DiffuserInbox.header,
        .intoAll(
          .map(\DiffuserHeader.title, intoText(title)),
          .map(\DiffuserHeader.subtitle, intoText(subtitle))
        )
      ),
      .map(\DiffuserInbox.body, intoList(list))
    )
    var model = DiffuserInbox(header: DiffuserHeader(title: "Inbox", subtitle: "3 unread"), body: ["ann", "bob", "cy"])
    diffuser.run(model)  // the first run runs every effect
    model.header.subtitle = "4 unread"
    model.body = ["cy", "ann", "bob", "dee"]
    diffuser.run(model)  // then only the effects whose value changed
    diffuser.run(model)  // nothing changed: no effect runs
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        #"title.text = "Inbox""#,
        #"subtitle.text = "3 unread""#,
        #"list.reloadData() ["ann", "bob", "cy"]"#,
        #"subtitle.text = "4 unread""#,
        "list.performBatchUpdates(D[] I[3] U[] M[2→0])",
      ]
    )
  }

  func testTheLeaves() {
    // snippet: diffuser-fuser-leaves
    let counter = Diffuser<Int>(
      .intoOnce { _ in print("once: set up") },
      .intoAlways { value in print("always: \(value)") },
      .into { value in print("changed: \(value)") },
      .into(isEqual: { $0 / 10 == $1 / 10 }) { value in print("tens changed: \(value)") }
    )
    counter.run(1)
    counter.run(1)
    counter.run(5)
    counter.reset()  // forget every remembered value, e.g. after the views were recreated
    counter.run(5)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "once: set up", "always: 1", "changed: 1", "tens changed: 1",
        "always: 1",
        "always: 5", "changed: 5",
        "once: set up", "always: 5", "changed: 5", "tens changed: 5",
      ]
    )
  }

  func testARunFromInsideAnEffectIsQueued() {
    // snippet: diffuser-fuser-reentrant
    var clamp: Diffuser<Int>!
    clamp = Diffuser(
      .into { value in
        print("shows \(value)")
        if value > 100 { clamp.run(100) }  // queued: runs after this run returns
        print("done with \(value)")
      }
    )
    clamp.run(150)
    // snippet-end
    XCTAssertEqual(printed.lines, ["shows 150", "done with 150", "shows 100", "done with 100"])
  }

  func testBindingADiffuserOnTheMainActor() {
    MainActor.assumeIsolated {
      // snippet: diffuser-fuser-bind
      let unread = Property(3)
      let badge = DiffuserLabel(name: "badge")
      let binding = unread.bind(to: Diffuser<Int>(.map({ "\($0) unread" }, intoText(badge))))
      unread.value = 3  // equal to the last value: no effect runs
      unread.value = 4
      binding.dispose()
      unread.value = 5  // the binding has ended
      // snippet-end
      XCTAssertEqual(printed.lines, [#"badge.text = "3 unread""#, #"badge.text = "4 unread""#])
    }
  }

  func testBindingADiffuserOnAQueue() {
    // snippet: diffuser-fuser-bind-context
    let unread = Property(3)
    let cacheQueue = DispatchQueue(label: "cache")
    let writes = unread.bind(
      to: Diffuser<Int>(.into { count in print("cache <- \(count) on the cache queue") }),
      context: cacheQueue.context
    )
    unread.value = 4
    cacheQueue.sync {}  // waits for the queue, for this sample only
    writes.dispose()
    // snippet-end
    XCTAssertEqual(printed.lines, ["cache <- 3 on the cache queue", "cache <- 4 on the cache queue"])
  }

  func testAFuserGathersEvents() {
    // snippet: diffuser-fuser-connect
    let username = FuserTextField()
    let password = FuserTextField()
    let login = FuserButton()
    let fuser = Fuser<FuserLoginEvent>(
      .extract({ .usernameChanged($0) }, .fromTextChanges(username)),
      .extract({ .passwordChanged($0) }, .fromTextChanges(password)),
      .extract({ .loginTapped }, .fromTaps(login))
    )
    let connection = fuser.connect { event in print(event) }
    username.changes.send("ann")
    password.changes.send("hunter2")
    login.taps.send()
    connection.dispose()
    login.taps.send()  // disconnected: nobody hears it
    // snippet-end
    XCTAssertEqual(printed.lines, [#"usernameChanged("ann")"#, #"passwordChanged("hunter2")"#, "loginTapped"])
    XCTAssertTrue(connection.isDisposed)
  }

  func testAFuserIsASignal() {
    // snippet: diffuser-fuser-signal
    let words = PassthroughSubject<String, Never>()
    let numbers = PassthroughSubject<Int, Never>()
    let all = Fuser<String>.fromAll(
      .from(words),
      .extract({ "number \($0)" }, numbers)
    )
    let lengths = all.toSignal().map { "\($0) (\($0.count) characters)" }
    let observation = lengths.observeNext { print($0) }
    words.send("fuse")
    numbers.send(7)
    observation.dispose()
    // snippet-end
    XCTAssertEqual(printed.lines, ["fuse (4 characters)", "number 7 (8 characters)"])
  }

  func testAFuserDeliversOneEventAtATime() {
    // snippet: diffuser-fuser-threads
    let clicks = PassthroughSubject<Int, Never>()
    // A `Property` is also a thread-safe box; `silentModify` changes it without emitting.
    let busy = Property(0)
    let overlaps = Property(0)
    let delivered = Property(0)
    let connection = Fuser<Int>(.from(clicks)).connect { _ in
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
    connection.dispose()  // once it returns, the handler is not called again
    print("delivered \(delivered.value), overlapping \(overlaps.value)")
    // snippet-end
    XCTAssertEqual(printed.lines, ["delivered 1000, overlapping 0"])
  }

  func testAnEventSentFromTheHandlerIsDeliveredAfterIt() {
    let numbers = PassthroughSubject<Int, Never>()
    let connection = Fuser<Int>(.from(numbers)).connect { value in
      print("start \(value)")
      if value == 1 { numbers.send(2) }
      print("end \(value)")
    }
    numbers.send(1)
    connection.dispose()
    XCTAssertEqual(printed.lines, ["start 1", "end 1", "start 2", "end 2"])
  }
}
