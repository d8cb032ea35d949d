#!/bin/sh
# `npm start`: the production server (scripts/start.mjs) with the memory settings the capacity and load benches
# measured (bench/README.md, "Capacity" and "Load"). They only bound how much memory the process keeps after a
# spike, not what it may use:
# - MALLOC_ARENA_MAX=2: glibc gives every thread that allocates (V8's compiler and collector threads, libuv's
#   pool compressing answers) an arena of its own, up to 8 per core, and keeps what each has touched.
# - MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KB and more are mapped on their own and given back when freed.
#   Left to itself, glibc raises this threshold to the largest block freed so far (up to 32 MB); every Brotli
#   stream that compresses an answer takes an 8 MB window and buffers of 0.5-1.7 MB, which then came from the
#   arenas, and the arenas kept them: under the load bench they held 87-149 MB, half of it free, and grew for
#   as long as the load ran. Setting the threshold also stops glibc from moving its trim threshold.
# - --max-old-space-size (PORTAL_HEAP_MB, default 256): V8 otherwise grows its heap under load well past its
#   live objects and keeps it; with a limit it collects sooner.
# Without the first and the last, the process kept about 90 MB more after a 20 s burst of searches
# (bench/README.md, Capacity, memory bounds).
# `exec` keeps one process: the shell becomes Node, so signals and the process id are the server's own.
# Nothing restarts a process that dies (out of memory, a crash): in production run this under a supervisor,
# a systemd unit with Restart=always or a container's restart policy (README.md, Deployment).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
exec node --max-old-space-size="${PORTAL_HEAP_MB:-256}" "$(dirname "$0")/start.mjs" "$@"
