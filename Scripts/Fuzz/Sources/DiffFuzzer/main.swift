import FuzzSupport

runFuzzer(fuzzDiffing)
