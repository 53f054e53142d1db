import Tether

/// A scheduler whose clock moves only when told to, so the page's output is the same every run.
final class ManualClock: Scheduler {
  private struct Entry {
    let time: Double
    let order: Int
    let action: @Sendable () -> Void
    let cancel: BlockDisposable
  }

  private let state = Property((now: 0.0, order: 0, entries: [Entry]()))

  var now: Double { state.value.now }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    schedule(after: 0, action)
  }

  @discardableResult
  func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let cancel = BlockDisposable {}
    state.silentModify { state in
      state.entries.append(Entry(time: state.now + seconds, order: state.order, action: action, cancel: cancel))
      state.order += 1
    }
    return cancel
  }

  /// Runs, in time order, every action due by `time`.
  func advance(to time: Double) {
    while let entry = nextEntry(dueBy: time) {
      if !entry.cancel.isDisposed { entry.action() }
    }
    state.silentModify { $0.now = max($0.now, time) }
  }

  private func nextEntry(dueBy time: Double) -> Entry? {
    state.silentModify { state in
      let due = state.entries.indices.filter { state.entries[$0].time <= time }
      guard
        let index = due.min(by: {
          (state.entries[$0].time, state.entries[$0].order) < (state.entries[$1].time, state.entries[$1].order)
        })
      else {
        return nil
      }
      let entry = state.entries.remove(at: index)
      state.now = max(state.now, entry.time)
      return entry
    }
  }
}
