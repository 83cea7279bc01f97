/* The search engine compiled for the arena store. */
#define BS_STORE arena
#include "engine_impl.h"
