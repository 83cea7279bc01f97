/* The exact search compiled for the pooled store. */
#define BS_STORE pool
#include "search_impl.h"
