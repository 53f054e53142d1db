import Foundation
import Tether

extension PlaygroundPage {
  /// Bins: elements sorted into sections by filters, every change reported as index paths.
  public static let bins = PlaygroundPage(name: "bins", summary: "DiffCollection: filters, bins, index paths") { out in
    out.say("A DiffCollection has one bin (one table section) per filter. An element goes to the")
    out.say("bin of the first filter that accepts it; updates and deletes return index paths")
    out.say("ready for a batch update: deleted in the old bins, added and updated in the new ones.")
    let fruitFilters = [
      DiffCollectionFilter<Fruit>(name: "a") { $0.name.hasPrefix("a") },
      DiffCollectionFilter<Fruit>(name: "b") { $0.name.hasPrefix("b") },
      DiffCollectionFilter<Fruit>(name: "c") { $0.name.hasPrefix("c") },
    ]
    var fruits = DiffCollection(filters: fruitFilters)
    func show(_ label: String, _ result: DiffCollectionResult) {
      out.print("\(label.padding(toLength: 30, withPad: " ", startingAt: 0)) -> \(result)")
      out.print("   bins: \(binsText(fruits))")
    }

    show("update 1:apple", fruits.update(element: Fruit(id: 1, name: "apple")))
    show("update 2:banana", fruits.update(element: Fruit(id: 2, name: "banana")))
    show("update 3:avocado", fruits.update(element: Fruit(id: 3, name: "avocado")))
    out.say("Same identity, new content, same bin: an update in place.")
    show("update 1:apricot", fruits.update(element: Fruit(id: 1, name: "apricot")))
    out.say("Equal to what is stored: nothing to do.")
    show("update 1:apricot", fruits.update(element: Fruit(id: 1, name: "apricot")))
    out.say("New content that another filter accepts: deleted from the old bin, added to the new.")
    show("update 3:cherry", fruits.update(element: Fruit(id: 3, name: "cherry")))
    out.say("No filter accepts it: not stored, and the result says so.")
    let durian = fruits.update(element: Fruit(id: 4, name: "durian"))
    show("update 4:durian", durian)
    out.print("   isRejected: \(durian.isRejected), isStored: \(durian.isStored)")
    out.say("A stored element that no filter accepts any more is removed.")
    show("update 2:date", fruits.update(element: Fruit(id: 2, name: "date")))
    show("delete 1", fruits.delete(element: Fruit(id: 1, name: "")))
    show("delete 1 again", fruits.delete(element: Fruit(id: 1, name: "")))

    out.print()
    out.say("Reading the bins like a table data source:")
    out.print("numberOfSections() = \(fruits.numberOfSections())")
    for section in 0..<fruits.numberOfSections() {
      out.print("numberOfElements(inSection: \(section)) = \(fruits.numberOfElements(inSection: section))")
    }
    let cherryPath = IndexPath(indexes: [2, 0])
    out.print("element(atIndexPath: [2, 0]) = \(fruits.element(atIndexPath: cherryPath).map(\.description) ?? "nil")")

    out.print()
    out.say("With a sort order each bin stays sorted; a change of rank is a delete plus an add.")
    let scoreFilters = [
      DiffCollectionFilter<Player>(name: "pro") { $0.score >= 100 },
      DiffCollectionFilter<Player>(name: "rookie") { _ in true },
    ]
    var players = DiffCollection(filters: scoreFilters, sortedBy: { $0.score > $1.score })
    func showPlayers(_ label: String, _ result: DiffCollectionResult) {
      out.print("\(label.padding(toLength: 30, withPad: " ", startingAt: 0)) -> \(result)")
      let text = players.bins.enumerated().map { section, bin in
        "\(scoreFilters[section].name): [" + bin.map { "\($0.name) \($0.score)" }.joined(separator: ", ") + "]"
      }
      out.print("   bins: " + text.joined(separator: " | "))
    }
    showPlayers("update ann 120", players.update(element: Player(id: 1, name: "ann", score: 120)))
    showPlayers("update bob 40", players.update(element: Player(id: 2, name: "bob", score: 40)))
    showPlayers("update cy 70", players.update(element: Player(id: 3, name: "cy", score: 70)))
    showPlayers("update dee 90", players.update(element: Player(id: 4, name: "dee", score: 90)))
    out.say("bob 40 -> 80 passes cy: deleted at row 2, added at row 1.")
    showPlayers("update bob 80", players.update(element: Player(id: 2, name: "bob", score: 80)))
    out.say("bob 80 -> 85 keeps his rank: an update in place.")
    showPlayers("update bob 85", players.update(element: Player(id: 2, name: "bob", score: 85)))
    out.say("dee 90 -> 150 is a pro now: another bin.")
    showPlayers("update dee 150", players.update(element: Player(id: 4, name: "dee", score: 150)))

    out.print()
    out.say("Hashable elements can be identified by their whole value: id: \\.self.")
    var tags = DiffCollection(
      filters: [
        DiffCollectionFilter<String>(name: "short") { $0.count <= 3 },
        DiffCollectionFilter<String>(name: "long") { _ in true },
      ],
      id: \.self,
      sortedBy: <
    )
    for tag in ["swift", "ui", "ios", "concurrency", "ui"] {
      out.print("update \"\(tag)\" -> \(tags.update(element: tag))")
    }
    out.print("bins: \(tags.bins)")

    out.print()
    out.say("ObservableDiffCollection: the same bins, safe to change from any thread, observed as")
    out.say("sectioned changesets (a TreeChangeset over an Array2D, one section per bin), so the bins")
    out.say("bind wherever a 2D array does. Observing starts with a reload; a no-op emits nothing.")
    let market = ObservableDiffCollection(filters: fruitFilters, sortedBy: { $0.name < $1.name })
    market.update(element: Fruit(id: 1, name: "banana"))
    let observation = market.observeNext { changeset in
      let sections = changeset.collection.sections.map { "\($0.metadata): \($0.items)" }.joined(separator: " | ")
      if changeset.isReload {
        out.print("reload".padding(toLength: 26, withPad: " ", startingAt: 0) + " -> \(sections)")
      } else {
        let diff = changeset.diff
        let text = "D\(pathsText(diff.deletes)) I\(pathsText(diff.inserts)) U\(pathsText(diff.updates))"
        out.print(text.padding(toLength: 26, withPad: " ", startingAt: 0) + " -> \(sections)")
      }
    }
    market.update(element: Fruit(id: 2, name: "apple"))
    market.update(element: Fruit(id: 3, name: "blueberry"))
    market.update(element: Fruit(id: 2, name: "apple"))
    market.update(element: Fruit(id: 1, name: "cherry"))
    market.update(element: Fruit(id: 3, name: "blackberry"))
    market.delete(id: 2)
    observation.dispose()
  }
}

/// A fruit for the bins page.
private struct Fruit: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var name: String
  var description: String { "\(id):\(name)" }
}

/// A player for the sorted bins on the bins page.
private struct Player: Identifiable, Equatable, Sendable {
  var id: Int
  var name: String
  var score: Int
}

private func binsText(_ fruits: DiffCollection<Fruit, Int>) -> String {
  fruits.bins.enumerated().map { section, bin in
    "\(fruits.filters[section].name): [" + bin.map(\.description).joined(separator: ", ") + "]"
  }.joined(separator: " | ")
}

private func pathsText(_ paths: [IndexPath]) -> String {
  "[" + paths.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ") + "]"
}
