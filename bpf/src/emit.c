/* NDJSON on stdout: one object per line, strings escaped, payload bytes in base64. */
#include <stdio.h>
#include <string.h>
#include <arpa/inet.h>
#include <bpf/libbpf.h>
#include <bpf/bpf.h>
#include "loader.h"
#include "sensor.skel.h"

static int first_field;

void out_begin(const char *type)
{
	fputs("{\"type\":\"", stdout);
	fputs(type, stdout);
	fputc('"', stdout);
	first_field = 0;
}

static void key(const char *k)
{
	fprintf(stdout, ",\"%s\":", k);
}

void out_u64(const char *k, uint64_t v)
{
	key(k);
	fprintf(stdout, "%llu", (unsigned long long)v);
}

static void out_i64(const char *k, int64_t v)
{
	key(k);
	fprintf(stdout, "%lld", (long long)v);
}

void out_bool(const char *k, int v)
{
	key(k);
	fputs(v ? "true" : "false", stdout);
}

/* Escapes everything outside printable ASCII: comm and paths are chosen by the watched process. */
static void escaped(const char *s, size_t n)
{
	fputc('"', stdout);
	for (size_t i = 0; i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			fprintf(stdout, "\\%c", c);
		else if (c < 0x20 || c > 0x7e)
			fprintf(stdout, "\\u%04x", c);
		else
			fputc(c, stdout);
	}
	fputc('"', stdout);
}

void out_str(const char *k, const char *v)
{
	key(k);
	escaped(v, strlen(v));
}

void out_end(void)
{
	fputs("}\n", stdout);
	(void)first_field;
}

static void base64(const uint8_t *p, size_t n)
{
	static const char tbl[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	fputc('"', stdout);
	size_t i = 0;
	for (; i + 2 < n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
		fputc(tbl[v >> 18], stdout);
		fputc(tbl[(v >> 12) & 63], stdout);
		fputc(tbl[(v >> 6) & 63], stdout);
		fputc(tbl[v & 63], stdout);
	}
	if (i < n) {
		uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0);
		fputc(tbl[v >> 18], stdout);
		fputc(tbl[(v >> 12) & 63], stdout);
		fputc(i + 1 < n ? tbl[(v >> 6) & 63] : '=', stdout);
		fputc('=', stdout);
	}
	fputc('"', stdout);
}

static const char *kind_name(uint32_t k)
{
	switch (k) {
	case EV_CONNECT: return "connect";
	case EV_SEND: return "send";
	case EV_OPEN: return "open";
	case EV_FORK: return "fork";
	case EV_EXEC: return "exec";
	case EV_EXIT: return "exit";
	case EV_TLS: return "tls";
	case EV_EGRESS: return "egress";
	default: return NULL;
	}
}

static const char *src_name(uint32_t s)
{
	static const char *names[] = { "none", "write", "writev", "sendto", "sendmsg", "ssl_write",
				       "connect4", "connect6", "sendmsg4", "sendmsg6" };
	return s < sizeof(names) / sizeof(names[0]) ? names[s] : "none";
}

void emit_event(const struct sensor_event *e, size_t size)
{
	const struct sensor_hdr *h = &e->h;
	const char *kind;
	if (size < sizeof(*h) || !(kind = kind_name(h->kind)))
		return;
	/* The record's own length never exceeds what the ring buffer handed us. */
	size_t len = h->len;
	if (len > size - sizeof(*h))
		len = size - sizeof(*h);
	out_begin(kind);
	out_str("src", src_name(h->src));
	out_u64("pid", h->tgid);
	out_u64("tid", h->tid);
	out_u64("ppid", h->ppid);
	out_u64("start", h->start_ns);
	out_u64("cgroup", h->cgid);
	out_u64("watch", h->watch);
	out_u64("ts", h->ts_ns);
	out_u64("fd", h->fd);
	out_i64("ret", h->ret);
	out_u64("total", h->total);
	out_u64("flags", h->flags);
	char addr[INET6_ADDRSTRLEN] = "";
	if (h->family == 2 || h->family == 10) {
		inet_ntop(h->family == 2 ? AF_INET : AF_INET6, h->daddr, addr, sizeof(addr));
		out_u64("family", h->family == 2 ? 4 : 6);
		out_str("daddr", addr);
		out_u64("dport", h->dport);
		out_str("sock", h->sock_type == 1 ? "stream" : h->sock_type == 2 ? "dgram" : "other");
	}
	key("comm");
	escaped(h->comm, sizeof(h->comm));
	out_u64("len", len);
	key("data");
	base64(e->data, len);
	out_end();
}

void emit_ack(const char *id, int ok, const char *error)
{
	out_begin("ack");
	out_str("id", id);
	out_bool("ok", ok);
	if (error)
		out_str("error", error);
	out_end();
	fflush(stdout);
}

void emit_health(struct loader *l)
{
	uint64_t totals[CNT_MAX] = { 0 };
	int ncpu = libbpf_num_possible_cpus();
	if (ncpu > 0 && ncpu <= 1024) {
		uint64_t vals[1024];
		int fd = bpf_map__fd(l->skel->maps.counters);
		for (uint32_t k = 0; k < CNT_MAX; k++) {
			if (bpf_map_lookup_elem(fd, &k, vals))
				continue;
			for (int c = 0; c < ncpu; c++)
				totals[k] += vals[c];
		}
	}
	out_begin("health");
	out_u64("protocol", LOADER_PROTOCOL);
	out_u64("events", totals[CNT_EVENTS]);
	out_u64("drops", totals[CNT_DROPS]);
	out_u64("read_errors", totals[CNT_READ_ERRORS]);
	out_u64("truncated", totals[CNT_TRUNCATED]);
	out_u64("denied", totals[CNT_DENIED]);
	out_u64("ringbuf_bytes", l->ringbuf_bytes);
	out_u64("cap", l->skel->data->cfg.cap);
	out_u64("lines_out", l->lines_out);
	out_end();
	fflush(stdout);
}
