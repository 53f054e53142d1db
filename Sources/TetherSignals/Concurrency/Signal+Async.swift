extension Signal {
  /// A signal that iterates `sequence` in a task and emits its elements, then completes (or fails
  /// with the error the sequence throws).
  ///
  /// Each observation starts its own task. Disposing the observation cancels the task (and so the
  /// iteration, if the sequence honors cancellation); once disposed nothing more is emitted.
  ///
  /// Needs macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2: the sequence's `Failure` type (how
  /// the signal can fail) and its typed-throws iteration are only known to those runtimes.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  public init<S: AsyncSequence & Sendable>(asyncSequence sequence: S)
  where S.Element == Element, S.Failure == Error {
    self.init({ observer in
      let task = Task {
        var iterator = sequence.makeAsyncIterator()
        do throws(Error) {
          while let element = try await iterator.next(isolation: nil) {
            guard !Task.isCancelled else { return }
            observer.receive(element)
          }
          guard !Task.isCancelled else { return }
          observer.on(.completed)
        } catch {
          guard !Task.isCancelled else { return }
          observer.on(.failed(error))
        }
      }
      return BlockDisposable { task.cancel() }
    })
  }

  /// A signal that runs `body` in a task for each observation and emits its result then
  /// completes, or fails with the error it throws.
  ///
  /// Disposing the observation cancels the task; once disposed nothing is emitted.
  public init(performing body: @escaping @Sendable () async throws(Error) -> Element) {
    self.init({ observer in
      let task = Task {
        do throws(Error) {
          let element = try await body()
          guard !Task.isCancelled else { return }
          observer.receive(lastElement: element)
        } catch {
          guard !Task.isCancelled else { return }
          observer.on(.failed(error))
        }
      }
      return BlockDisposable { task.cancel() }
    })
  }
}
