# The two commands of the README: `make demo` runs the main job on the embedded default (SQLite),
# `make test` runs every test. Both install what they need first and are safe to run again.
SWIFT ?= swift

.PHONY: demo test deps release

deps:
	@bash scripts/install-deps.sh

release: deps
	$(SWIFT) build -c release --product slotsheet

demo: release
	@bash scripts/install-deps.sh --venv
	@bash scripts/demo.sh

test:
	@bash scripts/install-deps.sh --test
	bash scripts/with-postgres.sh $(SWIFT) test
