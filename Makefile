# Levelwright: `make run` opens the editor, `make test` runs every test.
GO ?= go
BIN := bin/levelwright

.PHONY: run test build deps test-deps bench fuzz clean

## run: install what is missing, build, and open the editor (ARGS="FILE" opens a file)
run: build
	./$(BIN) $(ARGS)

## build: compile bin/levelwright
build: deps
	$(GO) build -o $(BIN) ./cmd/levelwright

## test: gofmt, go vet and every test, the GUI end-to-end tests under Xvfb included
test: test-deps
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "not gofmt-formatted:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 40m ./...

## bench: the codec benchmarks, five runs each, for benchstat
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 5 ./codecs/... | tee build/bench.txt

deps:
	@sh scripts/install-deps.sh build

test-deps:
	@sh scripts/install-deps.sh test

clean:
	rm -rf bin build
