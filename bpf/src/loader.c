/* mesh-sensor: loads the CO-RE sensor, speaks NDJSON (events out, commands in) until stdin closes. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>
#include <bpf/bpf.h>
#include "loader.h"
#include "sensor.skel.h"

static struct loader L;
static const char *ssl_targets[MAX_SSL_TARGETS];
static int ssl_count;

static int on_record(void *ctx, void *data, size_t size)
{
	(void)ctx;
	emit_event(data, size);
	L.lines_out++;
	return 0;
}

static int quiet_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	return level == LIBBPF_WARN ? vfprintf(stderr, fmt, ap) : 0;
}

/* SSL_write and SSL_write_ex of one binary or library; reported, never fatal. */
static void attach_ssl(const char *path)
{
	static const char *funcs[] = { "SSL_write", "SSL_write_ex" };
	for (int i = 0; i < 2; i++) {
		LIBBPF_OPTS(bpf_uprobe_opts, o, .func_name = funcs[i], .retprobe = false);
		struct bpf_link *link =
			bpf_program__attach_uprobe_opts(L.skel->progs.ssl_write, -1, path, 0, &o);
		out_begin("uprobe");
		out_str("path", path);
		out_str("func", funcs[i]);
		out_bool("ok", link != NULL);
		if (!link)
			out_str("reason", strerror(errno));
		out_end();
	}
}

static int parse_args(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--ringbuf-bytes") && i + 1 < argc) {
			char *end;
			unsigned long long v = strtoull(argv[++i], &end, 10);
			/* A ring buffer is a power-of-two number of pages. */
			if (*end || v < 4096 || v > (1ULL << 30) || (v & (v - 1)))
				return -1;
			L.ringbuf_bytes = v;
		} else if (!strcmp(argv[i], "--ssl") && i + 1 < argc) {
			if (ssl_count < MAX_SSL_TARGETS)
				ssl_targets[ssl_count++] = argv[++i];
		} else {
			return -1;
		}
	}
	return 0;
}

static void fail(const char *what)
{
	out_begin("fatal");
	out_str("error", what);
	out_str("reason", strerror(errno));
	out_end();
	fflush(stdout);
	exit(1);
}

/* Reads whole lines from stdin; an over-long line is discarded up to its newline. */
static int pump_stdin(char *buf, size_t *used, int *skipping)
{
	ssize_t n = read(0, buf + *used, LINE_MAX_BYTES - *used);
	if (n <= 0)
		return n == 0 || errno != EINTR ? -1 : 0;
	*used += (size_t)n;
	char *start = buf, *nl;
	while ((nl = memchr(start, '\n', buf + *used - start))) {
		*nl = 0;
		if (!*skipping)
			handle_command(&L, start);
		*skipping = 0;
		start = nl + 1;
	}
	*used -= (size_t)(start - buf);
	memmove(buf, start, *used);
	if (*used == LINE_MAX_BYTES) {
		*used = 0;
		*skipping = 1;
		emit_ack("", 0, "command line too long");
	}
	return 0;
}

int main(int argc, char **argv)
{
	L.ringbuf_bytes = 8 << 20;
	signal(SIGPIPE, SIG_IGN);
	if (parse_args(argc, argv)) {
		fprintf(stderr, "usage: mesh-sensor [--ringbuf-bytes POW2] [--ssl PATH]...\n");
		return 2;
	}
	libbpf_set_print(quiet_print);
	report_features();
	L.skel = sensor__open();
	if (!L.skel)
		fail("open");
	bpf_map__set_max_entries(L.skel->maps.events, (uint32_t)L.ringbuf_bytes);
	/* Uprobes attach by path below; the skeleton must not try a bare SEC("uprobe"). */
	bpf_program__set_autoattach(L.skel->progs.ssl_write, false);
	bpf_program__set_autoattach(L.skel->progs.connect4, false);
	bpf_program__set_autoattach(L.skel->progs.connect6, false);
	bpf_program__set_autoattach(L.skel->progs.sendmsg4, false);
	bpf_program__set_autoattach(L.skel->progs.sendmsg6, false);
	if (sensor__load(L.skel))
		fail("load");
	if (sensor__attach(L.skel))
		fail("attach");
	for (int i = 0; i < ssl_count; i++)
		attach_ssl(ssl_targets[i]);
	struct ring_buffer *rb =
		ring_buffer__new(bpf_map__fd(L.skel->maps.events), on_record, NULL, NULL);
	if (!rb)
		fail("ring buffer");
	out_begin("ready");
	out_u64("protocol", LOADER_PROTOCOL);
	out_u64("pid", (uint64_t)getpid());
	out_u64("ringbuf_bytes", L.ringbuf_bytes);
	out_u64("cap", SENSOR_CAP);
	out_end();
	fflush(stdout);

	static char line[LINE_MAX_BYTES];
	size_t used = 0;
	int skipping = 0;
	struct pollfd fds[2] = { { .fd = 0, .events = POLLIN },
				 { .fd = ring_buffer__epoll_fd(rb), .events = POLLIN } };
	for (;;) {
		int r = poll(fds, 2, 1000);
		if (r < 0 && errno != EINTR)
			break;
		if (fds[1].revents & POLLIN) {
			ring_buffer__consume(rb);
			fflush(stdout);
		}
		if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			if (pump_stdin(line, &used, &skipping))
				break;
		}
	}
	ring_buffer__consume(rb);
	fflush(stdout);
	/* Closing stdout first tells the supervisor we are done; detaching probes can take a second. */
	fclose(stdout);
	ring_buffer__free(rb);
	for (int i = 0; i < L.cg_count; i++)
		for (int j = 0; j < 4; j++)
			bpf_link__destroy(L.cg_links[i][j]);
	sensor__destroy(L.skel);
	return 0;
}
