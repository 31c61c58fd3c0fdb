#!/bin/sh
# One-path entrypoint for theupdateframework/tuf-conformance (it finds <entrypoint>.xfails only
# when the entrypoint is a single path): runs `mesh tuf-client` with the suite's arguments.
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
exec node "$here/../bin/mesh.js" tuf-client "$@"
