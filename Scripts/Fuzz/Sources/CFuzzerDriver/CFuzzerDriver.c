// The header declares libFuzzer's driver; SwiftPM wants at least one source in a C target.
#include "CFuzzerDriver.h"
