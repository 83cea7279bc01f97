/* The exact search compiled for the arena store. */
#define BS_STORE arena
#include "search_impl.h"
