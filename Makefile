# bislide: sliding-puzzle solver. `make help` lists the targets.
CC      ?= cc
PREFIX  ?= /usr/local
BUILD   ?= build
PKGS     = libxxhash
CSTD     = -std=c11 -D_GNU_SOURCE
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes
OPT     ?= -O2 -g
# What the build needs comes first, so that CFLAGS=... given to make adds
# to it (after it, so that its -O wins) instead of replacing it.
override CFLAGS := $(CSTD) $(WARN) $(OPT) -Iinclude $(shell pkg-config --cflags $(PKGS) 2>/dev/null) $(CFLAGS)
override LDLIBS += $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lxxhash) -lpthread -lm

ifeq ($(SAN),1)
BUILD   := build-san
override CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
override LDFLAGS += -fsanitize=address,undefined
endif

SRC   := $(wildcard src/*.c)
LIB   := $(filter-out src/main.c,$(SRC))
OBJ   := $(LIB:src/%.c=$(BUILD)/obj/%.o)
TESTS := $(wildcard tests/test_*.c)
TBIN  := $(TESTS:tests/%.c=$(BUILD)/tests/%)
BIN   := $(BUILD)/bislide

.PHONY: all deps test run run-mixed bench unseen floors deepcubea instr help clean install uninstall fuzz valgrind
all: $(BIN)

## deps: install the Debian packages that are missing (scripts/deps.sh; the targets that need them run it)
deps:
	@scripts/deps.sh

$(BUILD)/obj/%.o: src/%.c $(wildcard include/*.h src/*.h) | $(BUILD)/obj
	$(CC) $(CFLAGS) -c -o $@ $<

# bench's default set, built into the program so that an installed copy
# runs it too: bench/set.txt as C string lines.
$(BUILD)/gen/bench_set.inc: bench/set.txt | $(BUILD)/gen
	sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$$/\\n"/' $< > $@

$(BUILD)/obj/cmd_bench.o: $(BUILD)/gen/bench_set.inc
$(BUILD)/obj/cmd_bench.o: override CFLAGS += -I$(BUILD)/gen

$(BUILD)/libbislide.a: $(OBJ)
	ar rcs $@ $^

$(BIN): $(BUILD)/obj/main.o $(BUILD)/libbislide.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/%.c tests/bs_test.h $(BUILD)/libbislide.a | $(BUILD)/tests
	$(CC) $(CFLAGS) -Itests -DBS_TOP='"$(CURDIR)"' -o $@ $< $(BUILD)/libbislide.a $(LDFLAGS) $(LDLIBS) \
	  $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)

$(BUILD)/obj $(BUILD)/tests $(BUILD)/gen:
	mkdir -p $@

## test: install missing packages, build, and run every test
test: deps $(BIN) $(TBIN)
	@BISLIDE=$(abspath $(BIN)) scripts/run-tests.sh $(TBIN)

## run: install missing packages, build, batch-solve the real set (5,000 boards) and verify it;
##      an interrupted run goes on from its journal (--resume starts afresh where there is none)
REAL_SET = puzzles/devquiz2011.txt
run: deps $(BIN)
	$(BIN) batch $(REAL_SET) -o $(BUILD)/devquiz2011.answers --jobs 2 --mem 80M --resume
	$(BIN) verify $(REAL_SET) $(BUILD)/devquiz2011.answers

## run-mixed: the same in a second: batch-solve the shipped mixed set (33 boards) and verify it
run-mixed: deps $(BIN)
	$(BIN) batch puzzles/mixed.txt -o $(BUILD)/mixed.answers --jobs 2 --mem 80M --resume
	$(BIN) verify puzzles/mixed.txt $(BUILD)/mixed.answers

## fuzz: build the libFuzzer targets of tests/fuzz with clang, run each FUZZ_SECONDS (30)
FUZZ_CC      ?= clang-14
FUZZ_SECONDS ?= 30
FUZZ_CFLAGS   = $(CSTD) $(WARN) -g -O1 -Iinclude $(shell pkg-config --cflags $(PKGS) 2>/dev/null) \
                -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
fuzz: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/%)
	@for t in $(FUZZ_TARGETS); do mkdir -p tests/fuzz/corpus-run/$$t; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	  $(BUILD)/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=20 -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/ \
	    tests/fuzz/corpus-run/$$t tests/fuzz/corpus/$$t > $(BUILD)/fuzz/$$t.log 2>&1; rc=$$?; \
	  grep -Ev '^(#[0-9]+.*(NEW|REDUCE|pulse) |"|###### |.NEW_FUNC)' $(BUILD)/fuzz/$$t.log; \
	  [ $$rc -eq 0 ] || { echo "fuzz: $$t failed (exit $$rc): see $(BUILD)/fuzz/$$t.log"; exit 1; }; \
	done

$(BUILD)/fuzz/%: tests/fuzz/%.c $(LIB) $(wildcard include/*.h src/*.h tests/fuzz/*.h) $(BUILD)/gen/bench_set.inc
	@scripts/deps.sh fuzz
	@mkdir -p $(BUILD)/fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) -I$(BUILD)/gen -o $@ $< $(LIB) $(LDLIBS)

## valgrind: a small solve, verify and batch, and an exact solve, under valgrind: any error or leak fails
VALGRIND = valgrind -q --leak-check=full --errors-for-leak-kinds=all --show-leak-kinds=all
VG_SET   = tests/fuzz/corpus/fuzz_parse/mixed.txt
valgrind: $(BIN)
	@scripts/deps.sh valgrind
	$(VALGRIND) --error-exitcode=1 $(BIN) solve --mem 32M $(VG_SET) > $(BUILD)/valgrind.ans
	$(VALGRIND) --error-exitcode=1 $(BIN) verify $(VG_SET) $(BUILD)/valgrind.ans
	$(VALGRIND) --error-exitcode=1 $(BIN) solve --json --mem 64K $(VG_SET) > /dev/null
	$(VALGRIND) --error-exitcode=1 $(BIN) batch $(VG_SET) -o $(BUILD)/valgrind-batch.ans --jobs 2 --mem 64M
	cmp $(BUILD)/valgrind.ans $(BUILD)/valgrind-batch.ans
	@# Exact mode on a ring board: its tuple tables built, kept and read.
	$(VALGRIND) --error-exitcode=1 $(BIN) solve --exact --no-pdb-cache --set pdb_mem=0 --mem 256M \
	  --board 5,3,B7A61CD==32405E > /dev/null
	@# Bad input exits 1 by design: valgrind's own errors get 3 here.
	$(VALGRIND) --error-exitcode=3 $(BIN) solve tests/fuzz/corpus/fuzz_parse/bad.txt; test $$? -eq 1
	$(VALGRIND) --error-exitcode=3 $(BIN) verify $(VG_SET) tests/fuzz/corpus/fuzz_parse/answers_bad.txt; \
	  test $$? -eq 1
	@echo "valgrind: no errors, no leaks"

## bench: time the arena, object and pool stores on bench/set.txt; writes bench/results/latest.csv
bench: deps $(BIN)
	@mkdir -p bench/results
	$(BIN) bench --csv bench/results/latest.csv $(BENCH_ARGS) > bench/results/latest.txt
	@cat bench/results/latest.txt
	@echo "bench: wrote bench/results/latest.csv; scripts/plot-bench.sh makes latest.png"

## unseen: issue 9's targets on a new set of boards (SEED=N, default today's date; KEEP=DIR keeps the sets, answers and JSON): bench/unseen.sh
SEED ?= $(shell date +%Y%m%d)
KEEP ?=
unseen: deps $(BIN)
	bench/unseen.sh $(SEED) $(BIN) $(KEEP)

## floors: how short answers to uniform boards can be, as exact mode proves (SIZE=6x6 COUNT=50 SEED=N; 16 GB, about 7 minutes): bench/floors.sh
SIZE ?= 6x6
COUNT ?= 50
floors: deps $(BIN)
	bench/floors.sh $(SIZE) $(COUNT) $(SEED) 100000000 512 $(BIN)

## deepcubea: issue 11's comparison on DeepCubeA's own 4x4, 5x5 and 6x6 boards (about 10 minutes): bench/deepcubea.sh
deepcubea: deps $(BIN)
	bench/deepcubea.sh "4 5 6" 0 $(BIN)

## instr: the instructions build/bislide runs against OLD=BIN's on every 200th real board, and whether the answers match (valgrind: a count the machine's load does not move): bench/instr.sh
OLD ?=
instr: deps $(BIN)
	@test -n "$(OLD)" || { echo "make instr: say OLD=BIN, a bislide binary to count against" >&2; exit 2; }
	bench/instr.sh $(OLD) $(BIN)

## install: copy the binary to PREFIX/bin and the man page to PREFIX/share/man/man1 (PREFIX=/usr/local, DESTDIR=)
install: $(BIN)
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/bislide
	install -D -m 644 bislide.1 $(DESTDIR)$(PREFIX)/share/man/man1/bislide.1

## uninstall: remove what install copied
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/bislide $(DESTDIR)$(PREFIX)/share/man/man1/bislide.1

## clean: remove build outputs (build, build-san, what a BUILD=DIR build made, the fuzzers' run corpus)
# In another BUILD=DIR, only what the build puts there goes: DIR may hold more.
BUILT = obj tests gen fuzz bislide libbislide.a devquiz2011.answers mixed.answers valgrind.ans \
        valgrind-batch.ans
clean:
	rm -rf build build-san tests/fuzz/corpus-run $(addprefix $(BUILD)/,$(BUILT))
	-rmdir $(BUILD) 2>/dev/null || true

## help: list the targets
help:
	@echo "make [SAN=1] [BUILD=DIR] [OPT=...] [CFLAGS=...] TARGET"
	@echo "  SAN=1: AddressSanitizer + UndefinedBehaviorSanitizer, in build-san; OPT: the"
	@echo "  optimisation (default -O2 -g); CFLAGS: added after the build's own flags"
	@echo "  all      build $(BIN) (the default)"
	@sed -n 's/^## /  /p' Makefile
