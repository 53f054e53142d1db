import TetherDiffuser
import XCTest

/// A stand-in for a view: records what was done to it.
private final class TextView {
  let name: String
  let log: EffectLog
  private(set) var text = ""

  init(_ name: String, log: EffectLog) {
    self.name = name
    self.log = log
  }

  func setText(_ text: String) {
    self.text = text
    log.record("\(name).setText(\(text))")
  }

  func invalidateLayout() {
    log.record("\(name).invalidateLayout()")
  }
}

/// Everything the effects did, in order.
final class EffectLog {
  private(set) var entries: [String] = []
  func record(_ entry: String) { entries.append(entry) }
  func take() -> [String] {
    defer { entries = [] }
    return entries
  }
}

private struct Header {
  var title: String
  var subtitle: String
}

private struct Model {
  var header: Header
  var stringField: String
}

/// The seed's reusable diffuser, written as the seed writes it: a free function returning `.into`.
private func intoText(_ textView: TextView) -> Diffuser<String> {
  return .into { text in
    textView.setText(text)
    textView.invalidateLayout()
  }
}

/// The seed's first example spells the reusable diffuser with a leading dot (`.intoText(...)`):
/// an app gets that spelling by declaring it as a static function on `Diffuser<String>`.
extension Diffuser where A == String {
  fileprivate static func intoText(_ textView: TextView) -> Diffuser<String> {
    TetherDiffuserTests.intoText(textView)
  }
}

final class DiffuserTests: XCTestCase {
  func testTheSeedsLeadingDotSpellingReadsTheSame() {
    let log = EffectLog()
    let views = (title: TextView("title", log: log), subtitle: TextView("subtitle", log: log))
    let diffuser = Diffuser<Model>(
      .map(
        \Model.header,
        .intoAll(
          .map(\Header.title, .intoText(views.title)),
          .map(\Header.subtitle, .intoText(views.subtitle))
        ))
    )
    diffuser.run(Model(header: Header(title: "Inbox", subtitle: "3 new"), stringField: ""))
    diffuser.run(Model(header: Header(title: "Sent", subtitle: "3 new"), stringField: ""))
    XCTAssertEqual(
      log.take(),
      [
        "title.setText(Inbox)", "title.invalidateLayout()", "subtitle.setText(3 new)", "subtitle.invalidateLayout()",
        "title.setText(Sent)", "title.invalidateLayout()",
      ])
  }

  func testTheSeedDeclarationRendersEverythingFirstThenOnlyWhatChanged() {
    let log = EffectLog()
    let title = TextView("title", log: log)
    let subtitle = TextView("subtitle", log: log)
    let field = TextView("field", log: log)
    let diffuser = Diffuser<Model>(
      .map(
        \Model.header,
        .intoAll(
          .map(\Header.title, intoText(title)),
          .map(\Header.subtitle, intoText(subtitle))
        )
      ),
      .map(\Model.stringField, intoText(field))
    )

    diffuser.run(Model(header: Header(title: "Inbox", subtitle: "3 new"), stringField: "draft"))
    XCTAssertEqual(
      log.take(),
      [
        "title.setText(Inbox)", "title.invalidateLayout()",
        "subtitle.setText(3 new)", "subtitle.invalidateLayout()",
        "field.setText(draft)", "field.invalidateLayout()",
      ]
    )

    diffuser.run(Model(header: Header(title: "Inbox", subtitle: "4 new"), stringField: "draft"))
    XCTAssertEqual(log.take(), ["subtitle.setText(4 new)", "subtitle.invalidateLayout()"])

    diffuser.run(Model(header: Header(title: "Inbox", subtitle: "4 new"), stringField: "draft"))
    XCTAssertEqual(log.take(), [])
  }

  func testIntoWithAClosureReadsLikeTheSeed() {
    let log = EffectLog()
    let yourView = TextView("view", log: log)
    let diffuser = Diffuser<Model>(
      .map(
        \Model.stringField,
        .into { text in
          yourView.setText(text)
          yourView.invalidateLayout()
        }
      )
    )
    diffuser.run(Model(header: Header(title: "", subtitle: ""), stringField: "a"))
    diffuser.run(Model(header: Header(title: "x", subtitle: ""), stringField: "a"))
    diffuser.run(Model(header: Header(title: "x", subtitle: ""), stringField: "b"))
    XCTAssertEqual(
      log.take(),
      ["view.setText(a)", "view.invalidateLayout()", "view.setText(b)", "view.invalidateLayout()"]
    )
  }

  func testMapWithAClosure() {
    let log = EffectLog()
    let diffuser = Diffuser<[Int]>(.map({ $0.count }, .into { count in log.record("count \(count)") }))
    diffuser.run([1, 2])
    diffuser.run([3, 4])
    diffuser.run([3, 4, 5])
    XCTAssertEqual(log.take(), ["count 2", "count 3"])
  }

  func testASuppliedEqualityForValuesThatAreNotEquatable() {
    let log = EffectLog()
    let diffuser = Diffuser<Header>(
      .into(isEqual: { $0.title == $1.title }) { header in log.record("title \(header.title)") }
    )
    diffuser.run(Header(title: "a", subtitle: "1"))
    diffuser.run(Header(title: "a", subtitle: "2"))
    diffuser.run(Header(title: "b", subtitle: "2"))
    XCTAssertEqual(log.take(), ["title a", "title b"])
  }

  func testIntoAlwaysRunsEveryTimeEvenBelowAnUnchangedMap() {
    let log = EffectLog()
    let diffuser = Diffuser<Model>(
      .map(\Model.stringField, .intoAlways { text in log.record("always \(text)") })
    )
    let model = Model(header: Header(title: "", subtitle: ""), stringField: "same")
    diffuser.run(model)
    diffuser.run(model)
    XCTAssertEqual(log.take(), ["always same", "always same"])
  }

  func testIntoOnceRunsOnTheFirstRunOnly() {
    let log = EffectLog()
    let diffuser = Diffuser<Int>(.intoOnce { value in log.record("once \(value)") })
    diffuser.run(1)
    diffuser.run(2)
    XCTAssertEqual(log.take(), ["once 1"])
  }

  func testResetMakesTheNextRunApplyEverything() {
    let log = EffectLog()
    let diffuser = Diffuser<Int>(
      .into { value in log.record("into \(value)") },
      .intoOnce { value in log.record("once \(value)") }
    )
    diffuser.run(1)
    diffuser.run(1)
    diffuser.reset()
    diffuser.run(1)
    XCTAssertEqual(log.take(), ["into 1", "once 1", "into 1", "once 1"])
  }

  func testEffectsRunInDeclarationOrderDepthFirst() {
    let log = EffectLog()
    let diffuser = Diffuser<Int>(
      .intoAll(
        .into { _ in log.record("a") },
        .intoAll(.into { _ in log.record("b") }, .into { _ in log.record("c") })
      ),
      .into { _ in log.record("d") }
    )
    diffuser.run(0)
    XCTAssertEqual(log.take(), ["a", "b", "c", "d"])
  }

  func testARunFromInsideAnEffectIsQueuedAfterTheCurrentRun() {
    let log = EffectLog()
    var diffuser: Diffuser<Int>?
    diffuser = Diffuser<Int>(
      .into { value in
        log.record("first \(value)")
        if value == 1 { diffuser?.run(2) }
      },
      .into { value in log.record("second \(value)") }
    )
    diffuser?.run(1)
    XCTAssertEqual(log.take(), ["first 1", "second 1", "first 2", "second 2"])
  }

  func testSeparateDiffusersRememberSeparately() {
    let log = EffectLog()
    let makeDiffuser = { (name: String) in Diffuser<Int>(.into { value in log.record("\(name) \(value)") }) }
    let one = makeDiffuser("one")
    let two = makeDiffuser("two")
    one.run(1)
    two.run(1)
    one.run(1)
    XCTAssertEqual(log.take(), ["one 1", "two 1"])
  }
}
