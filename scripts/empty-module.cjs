// The empty stand-in for the "server-only" marker package (see allow-server-only.mjs).
