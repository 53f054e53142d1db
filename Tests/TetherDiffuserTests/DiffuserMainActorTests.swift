import Testing
import TetherDiffuser
import TetherSignals

/// A diffuser bound in a `@MainActor` Swift Testing test runs before the change returns, also on
/// Linux, where the main actor runs on the main queue but not on the main thread.
@Suite struct DiffuserMainActorTests {
  @MainActor
  private final class Texts {
    var writes: [String] = []
  }

  @Test @MainActor func aBoundPropertyRendersBeforeTheChangeReturns() {
    let texts = Texts()
    let diffuser = Diffuser<Int>(.map({ "\($0)" }, .into { text in texts.writes.append(text) }))
    let count = Property(1)
    let binding = count.bind(to: diffuser)
    #expect(texts.writes == ["1"], "the current value renders before bind returns")
    count.value = 2
    #expect(texts.writes == ["1", "2"])
    binding.dispose()
  }
}
