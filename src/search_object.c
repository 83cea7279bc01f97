/* The exact search compiled for the object-per-state store. */
#define BS_STORE object
#include "search_impl.h"
