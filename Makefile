# Build and install coins as other command-line tools are built and installed.
#
#   make                                  the release binary, its manual page and completions (as you)
#   make install                          copy them under PREFIX (default ~/.local)
#   sudo make install PREFIX=/usr/local   the same for everyone: copies only, needs no toolchain
#   make uninstall                        remove exactly the files `make install` copied
#   make deb                              a Debian package of the same files under /usr
#
# `make` runs `swift build -c release` and writes the manual page and the completion scripts
# from the built binary (`coins help --man`, `coins completions <shell>`) into .build/dist/;
# `make install` only copies those files, so it can run as root after `make` ran as you.

PREFIX ?= $(HOME)/.local
DESTDIR ?=
SWIFT ?= swift

binary := .build/release/coins
dist := .build/dist

bindir := $(DESTDIR)$(PREFIX)/bin
mandir := $(DESTDIR)$(PREFIX)/share/man/man1
bashdir := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
fishdir := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
zshdir := $(DESTDIR)$(PREFIX)/share/zsh/site-functions

installed := $(bindir)/coins $(mandir)/coins.1 $(bashdir)/coins $(fishdir)/coins.fish \
	$(zshdir)/_coins

.PHONY: all install uninstall deb clean

all:
	$(SWIFT) build -c release --product coins
	@mkdir -p $(dist)
	$(binary) help --man > $(dist)/coins.1
	$(binary) completions bash > $(dist)/coins.bash
	$(binary) completions fish > $(dist)/coins.fish
	$(binary) completions zsh > $(dist)/_coins
	@echo "Built $(binary) $$($(binary) --version); now: make install (PREFIX=$(PREFIX))"

install:
	@for file in $(binary) $(dist)/coins.1 $(dist)/coins.bash $(dist)/coins.fish $(dist)/_coins; do \
	  if [ ! -f "$$file" ]; then \
	    echo "make install: $$file is missing: run 'make' first (as yourself)" >&2; exit 1; \
	  fi; \
	done
	install -D -m 755 $(binary) $(bindir)/coins
	install -D -m 644 $(dist)/coins.1 $(mandir)/coins.1
	install -D -m 644 $(dist)/coins.bash $(bashdir)/coins
	install -D -m 644 $(dist)/coins.fish $(fishdir)/coins.fish
	install -D -m 644 $(dist)/_coins $(zshdir)/_coins
	@case "$(DESTDIR):$(PREFIX)" in \
	  :/usr|:/usr/local|?*:*) ;; \
	  *) echo "zsh: add this line to ~/.zshrc, before compinit, to complete coins:"; \
	     echo "  fpath=($(PREFIX)/share/zsh/site-functions \$$fpath)" ;; \
	esac

uninstall:
	rm -f $(installed)

deb: all
	Packaging/build-deb.sh $(binary) $(dist)

clean:
	rm -rf $(dist) .build/deb coins_*.deb
