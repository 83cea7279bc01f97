/* The search engine compiled for the object-per-state store. */
#define BS_STORE object
#include "engine_impl.h"
