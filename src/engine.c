/* bs_engine: what the engine's endings are called in results. */
#include "bs_engine.h"

const char *bs_end_reason(bs_end e) {
  switch (e) {
  case BS_END_MET: return NULL;
  case BS_END_EXHAUSTED: return "exhausted";
  case BS_END_LIMIT: return "length limit";
  case BS_END_BUDGET: return "budget";
  case BS_END_MEMORY: return "memory cap";
  case BS_END_STALL: return "stalled";
  default: return "depth limit";
  }
}
