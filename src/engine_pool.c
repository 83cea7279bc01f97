/* The search engine compiled for the pool store. */
#define BS_STORE pool
#include "engine_impl.h"
