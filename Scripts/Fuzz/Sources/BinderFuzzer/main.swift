import FuzzSupport

runFuzzer(fuzzBinders)
