/// One runnable playground page: a small narrated program.
///
/// Pages must be deterministic (no wall-clock time, no randomness without a fixed seed) because
/// the tests compare each page's output with its checked-in transcript.
public struct PlaygroundPage: Sendable {
  /// The name used on the command line (`swift run playground NAME`) and for the transcript file.
  public let name: String
  /// A one-line summary shown by `--list`.
  public let summary: String
  /// The page's program; it writes everything it wants to show to the transcript.
  public let body: @Sendable (Transcript) -> Void

  /// Creates a page.
  public init(name: String, summary: String, body: @escaping @Sendable (Transcript) -> Void) {
    self.name = name
    self.summary = summary
    self.body = body
  }

  /// Runs the page and returns its transcript text.
  public func run(echo: Bool = false) -> String {
    let transcript = Transcript(echo: echo)
    transcript.heading("\(name): \(summary)")
    body(transcript)
    return transcript.text
  }
}
