import FuzzSupport

runFuzzer(fuzzPatches)
