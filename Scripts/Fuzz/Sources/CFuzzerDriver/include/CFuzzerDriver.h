// libFuzzer's documented entry point for programs that keep their own `main` (LLVM 13 and later).
// SwiftPM links every executable with its own `main`, so the targets call this from main.swift
// instead of relying on libFuzzer's `main` (which SwiftPM's link line would replace).
#ifndef C_FUZZER_DRIVER_H
#define C_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
