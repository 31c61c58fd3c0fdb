# Benchmark writer: N write() calls of SIZE bytes on a connected UDP socket; prints ns per call.
# The peer is a bound socket nobody reads: the kernel drops what overflows, no reader skews timing.
import os, socket, sys, time

n, size = int(sys.argv[1]), int(sys.argv[2])
pace = int(sys.argv[3]) if len(sys.argv) > 3 else 0
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
r.bind(('127.0.0.1', 0))
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.connect(r.getsockname())
fd, buf, w = s.fileno(), b'x' * size, os.write
t0 = time.perf_counter_ns()
if pace:
    for i in range(n):
        w(fd, buf)
        if i % pace == pace - 1:
            time.sleep(0.001)
else:
    for _ in range(n):
        w(fd, buf)
t1 = time.perf_counter_ns()
print((t1 - t0) / n, flush=True)
