# bislide: sliding-puzzle solver. `make help` lists the targets.
CC      ?= cc
PREFIX  ?= /usr/local
BUILD   ?= build
PKGS     = libxxhash
CSTD     = -std=c11 -D_GNU_SOURCE
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes
OPT     ?= -O2 -g
CFLAGS  += $(CSTD) $(WARN) $(OPT) -Iinclude $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS  += $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lxxhash) -lpthread -lm

ifeq ($(SAN),1)
BUILD   := build-san
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
endif

SRC   := $(wildcard src/*.c)
LIB   := $(filter-out src/main.c,$(SRC))
OBJ   := $(LIB:src/%.c=$(BUILD)/obj/%.o)
TESTS := $(wildcard tests/test_*.c)
TBIN  := $(TESTS:tests/%.c=$(BUILD)/tests/%)
BIN   := $(BUILD)/bislide

.PHONY: all deps test run bench help clean install
all: $(BIN)

deps:
	@scripts/deps.sh

$(BUILD)/obj/%.o: src/%.c $(wildcard include/*.h src/*.h) | $(BUILD)/obj
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/libbislide.a: $(OBJ)
	ar rcs $@ $^

$(BIN): $(BUILD)/obj/main.o $(BUILD)/libbislide.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/%.c tests/bs_test.h $(BUILD)/libbislide.a | $(BUILD)/tests
	$(CC) $(CFLAGS) -Itests -o $@ $< $(BUILD)/libbislide.a $(LDFLAGS) $(LDLIBS) \
	  $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)

$(BUILD)/obj $(BUILD)/tests:
	mkdir -p $@

## test: install missing packages, build, and run every test
test: deps $(BIN) $(TBIN)
	@fail=0; for t in $(TBIN); do \
	  BISLIDE=$(abspath $(BIN)) ./$$t --jobs=2 || fail=1; done; \
	exit $$fail

## run: install missing packages, build, and solve the shipped mixed set
run: deps $(BIN)
	$(BIN) solve puzzles/mixed.txt

## install: copy the binary to $(PREFIX)/bin
install: $(BIN)
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/bislide

## clean: remove build outputs
clean:
	rm -rf build build-san

## help: list the targets
help:
	@echo "make [SAN=1] TARGET   (SAN=1: AddressSanitizer + UndefinedBehaviorSanitizer)"
	@echo "  all      build $(BIN) (the default)"
	@sed -n 's/^## /  /p' Makefile
