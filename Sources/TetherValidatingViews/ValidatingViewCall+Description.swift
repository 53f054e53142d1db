import Foundation
import TetherDataSources

extension BatchUpdateValidatingView.Call: CustomStringConvertible {
  /// The call as Swift source, such as `insertRows(at: [[0, 1]], with: .fade)`; a batch shows as
  /// `performBatchUpdates {` and `}`.
  public var description: String {
    switch self {
    case .reloadData: "reloadData()"
    case .beginBatch(let animated): animated ? "performBatchUpdates {" : "performBatchUpdates { (without animation)"
    case .endBatch: "}"
    case .insertSections(let sections, let animation): "insertSections(\(Array(sections)), with: .\(animation))"
    case .deleteSections(let sections, let animation): "deleteSections(\(Array(sections)), with: .\(animation))"
    case .reloadSections(let sections, let animation): "reloadSections(\(Array(sections)), with: .\(animation))"
    case .moveSection(let from, let to): "moveSection(\(from), toSection: \(to))"
    case .insertRows(let paths, let animation): "insertRows(at: \(pathsText(paths)), with: .\(animation))"
    case .deleteRows(let paths, let animation): "deleteRows(at: \(pathsText(paths)), with: .\(animation))"
    case .reloadRows(let paths, let animation): "reloadRows(at: \(pathsText(paths)), with: .\(animation))"
    case .moveRow(let from, let to): "moveRow(at: \(Array(from)), to: \(Array(to)))"
    }
  }
}

extension FlatUpdateValidatingView.Call: CustomStringConvertible {
  /// The call as Swift source, such as `insertRows(at: [0], withAnimation: [.effectFade])`.
  public var description: String {
    switch self {
    case .reloadData: "reloadData()"
    case .beginUpdates: "beginUpdates()"
    case .endUpdates: "endUpdates()"
    case .insertRows(let rows, let options): "insertRows(at: \(Array(rows)), withAnimation: \(options))"
    case .removeRows(let rows, let options): "removeRows(at: \(Array(rows)), withAnimation: \(options))"
    case .moveRow(let from, let to): "moveRow(at: \(from), to: \(to))"
    case .reloadRows(let rows, let columns):
      "reloadData(forRowIndexes: \(Array(rows)), columnIndexes: \(Array(columns)))"
    }
  }
}

private func pathsText(_ paths: [IndexPath]) -> String {
  "[\(paths.map { "\(Array($0))" }.joined(separator: ", "))]"
}

extension OutlineUpdateValidatingView.Call: CustomStringConvertible {
  /// The call as Swift source, items shown by their index path (`nil` for the root), such as
  /// `moveItem(at: 0, inParent: [0], to: 0, inParent: [1])`.
  public var description: String {
    func item(_ path: IndexPath?) -> String { path.map { "\(Array($0))" } ?? "nil" }
    switch self {
    case .reloadData: return "reloadData()"
    case .beginUpdates: return "beginUpdates()"
    case .endUpdates: return "endUpdates()"
    case .insertItems(let indexes, let parent): return "insertItems(at: \(Array(indexes)), inParent: \(item(parent)))"
    case .removeItems(let indexes, let parent): return "removeItems(at: \(Array(indexes)), inParent: \(item(parent)))"
    case .moveItem(let from, let oldParent, let to, let newParent):
      return "moveItem(at: \(from), inParent: \(item(oldParent)), to: \(to), inParent: \(item(newParent)))"
    case .reloadItem(let path, let children): return "reloadItem(\(item(path)), reloadChildren: \(children))"
    }
  }
}
