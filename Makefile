# Levelwright: `make run` opens the editor, `make test` runs every test.
GO ?= go
BIN := bin/levelwright

.PHONY: run test build deps test-deps dist-deps bench fuzz clean package dist lint-workflows manual-pictures

## run: install what is missing, build, and open the editor (ARGS="FILE" opens a file)
run: build
	./$(BIN) $(ARGS)

## build: compile bin/levelwright
build: deps
	$(GO) build -o $(BIN) ./cmd/levelwright

## test: gofmt, go vet, the CI workflow's lint and every test, the GUI
## end-to-end tests under Xvfb and the Windows build's under Wine included
test: test-deps lint-workflows
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "not gofmt-formatted:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 40m ./...

## test-short: the tests that need neither the corpus (../shared/corpus)
## nor an X display, in about a minute where both are absent; those that
## need either skip when it is absent, the end-to-end runs always
.PHONY: test-short
test-short:
	$(GO) test -short -count=1 ./...

## manual-pictures: drive the editor under Xvfb through each tutorial of the
## manual (docs/manual/tutorials) and write its pictures, scaled to 1024x640,
## with the digests of the steps that made them (docs/manual/pictures);
## `make test` fails while a picture is missing or older than its steps
manual-pictures: test-deps
	LEVELWRIGHT_MANUAL_PICTURES=1 $(GO) test -count=1 -run '^TestGUIManualTutorials$$' ./cmd/levelwright

## bench: where users feel it, five runs each (some five minutes): the OpenGL
## read-back floor, every game's frames, the big Turok map's pan, edit steps,
## imports and launch; build/bench.txt holds the runs, build/bench.md a table
## of each one's median and ratio to the floor (benchmarks that cannot run,
## such as OpenGL without a display, say why there)
BENCH = $(GO) test -v -run '^$$' -count 5 -timeout 30m
bench: test-deps
	@mkdir -p build && : > build/bench.txt
	@set -- \
		"-benchtime 0.5s -bench ^BenchmarkReadBack$$ ./widgets/viewport" \
		"-benchtime 0.5s -bench ^BenchmarkFrame$$ ./editor/marathon ./editor/shock ./editor/turok" \
		"-benchtime 0.5s -bench ^BenchmarkBigMap$$/^(pan|place|select-all|pick) ./editor/turok" \
		"-benchtime 0.5s -bench ^BenchmarkEditStep$$ ./editor" \
		"-benchtime 2x -bench ^BenchmarkImport100k ./document/marathon ./document/turok" \
		"-benchtime 2x -bench ^BenchmarkImport$$/^objects=871$$ ./document/shock" \
		"-benchtime 5x -bench ^Benchmark(Load|Save|Check)30MB$$ ./document/turok" \
		"-benchtime 1x -bench ^BenchmarkLaunchToFirstFrame$$ ./cmd/levelwright" \
		"-benchtime 10x -bench ^BenchmarkHandFeel$$ ./cmd/levelwright"; \
	for args; do \
		echo "go test $$args"; \
		$(BENCH) $$args >> build/bench.txt 2>&1 || { tail -30 build/bench.txt; exit 1; }; \
	done
	$(GO) run ./internal/benchtable < build/bench.txt > build/bench.md
	@cat build/bench.md

## package: the desktop bundle for this system, from FyneApp.toml: on Linux
## build/Levelwright.tar.xz, the program with its .desktop file and icon
## (install it with `tar xf build/Levelwright.tar.xz && make -C levelwright user-install`)
FYNE := $(GO) run fyne.io/tools/cmd/fyne@v1.7.4
package: build
	@mkdir -p build
	cp FyneApp.toml build/FyneApp.toml.kept  # fyne package rewrites the build number in it
	$(FYNE) package -os $$($(GO) env GOOS) --exe $(BIN); status=$$?; \
		mv build/FyneApp.toml.kept FyneApp.toml; exit $$status
	mv Levelwright.tar.xz build/ 2>/dev/null || mv Levelwright.* build/
	@ls -l build/Levelwright*

## dist: the release archives for Linux and Windows, named by FyneApp.toml's
## version, and their SHA-256 sums, in build/dist/ (see scripts/dist.sh)
dist: dist-deps
	GO=$(GO) sh scripts/dist.sh

## lint-workflows: actionlint over .github/workflows
ACTIONLINT := $(GO) run github.com/rhysd/actionlint/cmd/actionlint@v1.7.12
lint-workflows:
	$(ACTIONLINT) .github/workflows/*.yml

deps:
	@sh scripts/install-deps.sh build

dist-deps:
	@sh scripts/install-deps.sh dist

test-deps:
	@sh scripts/install-deps.sh test

clean:
	rm -rf bin build
