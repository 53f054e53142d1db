extension SignalProtocol {
  /// Prints each observation's events (`started`, `next(...)`, `finished`, `failed: ...`,
  /// `disposed`) prefixed with `[title]`, or with the calling file, function and line when there
  /// is no title; then forwards the events unchanged.
  ///
  /// Same as ReactiveKit (it prints the file name from `#fileID`, where ReactiveKit uses `#file`).
  /// Completes or fails when the receiver does.
  public func debug(
    _ title: String? = nil,
    file: String = #fileID,
    function: String = #function,
    line: Int = #line
  ) -> Signal<Element, Error> {
    let prefix: String
    if let title {
      prefix = "[\(title)]"
    } else {
      let fileName = file.split(separator: "/").last.map(String.init) ?? file
      prefix = "[\(fileName):\(function):\(line)]"
    }
    return debug(prefix: prefix) { print($0) }
  }

  /// ``debug(_:file:function:line:)`` writing each line to `log`.
  internal func debug(prefix: String, log: @escaping @Sendable (String) -> Void) -> Signal<Element, Error> {
    handleEvents(
      receiveSubscription: { log("\(prefix) started") },
      receiveOutput: { log("\(prefix) next(\($0))") },
      receiveCompletion: { completion in
        switch completion {
        case .finished: log("\(prefix) finished")
        case .failure(let error): log("\(prefix) failed: \(error)")
        }
      },
      receiveCancel: { log("\(prefix) disposed") })
  }
}
