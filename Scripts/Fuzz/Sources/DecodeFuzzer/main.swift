import Foundation
import FuzzSupport

// `FUZZ_WRITE_SEEDS=folder` writes the seed inputs (valid JSON of every kind, encoded by the
// library itself) instead of fuzzing; Scripts/Fuzz/Corpus/decode was made that way.
if let folder = getenv("FUZZ_WRITE_SEEDS").map({ String(cString: $0) }) {
  writeDecodeSeeds(to: URL(fileURLWithPath: folder))
  exit(0)
}
runFuzzer(fuzzDecoding)
