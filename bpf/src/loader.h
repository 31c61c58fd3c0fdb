/* The loader's internal interfaces: NDJSON output, command handling, feature probe. */
#ifndef MESH_LOADER_H
#define MESH_LOADER_H
#include <stddef.h>
#include <stdint.h>
#include "sensor.h"

#define LOADER_PROTOCOL 1
#define LINE_MAX_BYTES 8192
#define MAX_CGROUP_LINKS 64
#define MAX_SSL_TARGETS 8

struct sensor;

struct loader {
	struct sensor *skel;
	struct bpf_link *cg_links[MAX_CGROUP_LINKS][4];
	uint64_t cg_ids[MAX_CGROUP_LINKS];
	int cg_count;
	uint64_t lines_out;
	uint64_t ringbuf_bytes;
};

/* emit.c */
void emit_event(const struct sensor_event *e, size_t size);
void emit_ack(const char *id, int ok, const char *error);
void emit_health(struct loader *l);
void out_begin(const char *type);
void out_u64(const char *key, uint64_t v);
void out_bool(const char *key, int v);
void out_str(const char *key, const char *v);
void out_end(void);

/* command.c */
void handle_command(struct loader *l, const char *line);
int json_get_string(const char *line, const char *key, char *out, size_t outlen);
int json_get_u64(const char *line, const char *key, uint64_t *out);

/* features.c */
void report_features(void);
#endif
