import TetherSignals

extension EventRecorder where Element: Equatable, Error: Equatable {
  /// How the events received so far differ from `expected`, or `nil` when they are the same:
  /// the first place they differ, or what is missing or extra at the end.
  ///
  /// ```swift
  /// #expect(recorder.mismatch(with: [.next(1), .completed]) == nil)
  /// ```
  public func mismatch(with expected: [Signal<Element, Error>.Event]) -> String? {
    let events = self.events
    for (offset, (received, wanted)) in zip(events, expected).enumerated() where received != wanted {
      return "event \(offset) is \(received), expected \(wanted) (received \(events), expected \(expected))"
    }
    if events.count < expected.count {
      return "missing \(Array(expected[events.count...])) after \(events)"
    }
    if events.count > expected.count {
      return "unexpected \(Array(events[expected.count...])) after \(expected)"
    }
    return nil
  }

  /// Whether the events received so far are exactly `expected`, for `#expect` or `XCTAssert`.
  public func matches(_ expected: [Signal<Element, Error>.Event]) -> Bool {
    events == expected
  }

  /// Reports a test failure, through the running test framework, unless the events received so
  /// far are exactly `expected`; the failure says where they differ.
  ///
  /// ```swift
  /// recorder.expectEvents([.next(1), .next(2), .completed])
  /// ```
  ///
  /// - Returns: Whether they are.
  @discardableResult
  public func expectEvents(
    _ expected: [Signal<Element, Error>.Event],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    guard let mismatch = mismatch(with: expected) else { return true }
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column).report("Events differ: \(mismatch)")
    return false
  }
}

extension EventRecorder where Element: Equatable {
  /// Reports a test failure, through the running test framework, unless the elements received so
  /// far (the `.next` events, whatever the completion) are exactly `expected`.
  ///
  /// - Returns: Whether they are.
  @discardableResult
  public func expectElements(
    _ expected: [Element],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    let elements = self.elements
    guard elements != expected else { return true }
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      .report("Elements differ: received \(elements), expected \(expected)")
    return false
  }
}
