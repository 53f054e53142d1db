import FuzzSupport

runFuzzer(fuzzPersistentArray)
