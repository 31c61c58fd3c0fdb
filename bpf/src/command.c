/* Commands on stdin, one JSON object per line, from the supervisor: watch, unwatch, limits, allow, health. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <sys/stat.h>
#include <bpf/libbpf.h>
#include <bpf/bpf.h>
#include "loader.h"
#include "sensor.skel.h"

/* Finds `"key":` at top level of a flat object; returns a pointer just past the colon. */
static const char *find_key(const char *line, const char *key)
{
	size_t klen = strlen(key);
	for (const char *p = strchr(line, '"'); p; p = strchr(p + 1, '"')) {
		if (p > line && p[-1] == '\\')
			continue;
		if (strncmp(p + 1, key, klen) || p[1 + klen] != '"')
			continue;
		const char *q = p + 2 + klen;
		while (*q == ' ')
			q++;
		if (*q == ':') {
			q++;
			while (*q == ' ')
				q++;
			return q;
		}
	}
	return NULL;
}

/* Reads one JSON string at p into out; returns the char after the closing quote or NULL. */
static const char *read_string(const char *p, char *out, size_t outlen)
{
	if (*p != '"' || outlen == 0)
		return NULL;
	size_t n = 0;
	for (p++; *p && *p != '"'; p++) {
		char c = *p;
		if (c == '\\') {
			p++;
			if (*p != '"' && *p != '\\' && *p != '/')
				return NULL;
			c = *p;
		}
		if (n + 1 >= outlen)
			return NULL;
		out[n++] = c;
	}
	if (*p != '"')
		return NULL;
	out[n] = 0;
	return p + 1;
}

int json_get_string(const char *line, const char *key, char *out, size_t outlen)
{
	const char *p = find_key(line, key);
	return p && read_string(p, out, outlen) ? 0 : -1;
}

int json_get_u64(const char *line, const char *key, uint64_t *out)
{
	const char *p = find_key(line, key);
	if (!p || *p < '0' || *p > '9')
		return -1;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(p, &end, 10);
	if (errno || (*end != ',' && *end != '}' && *end != ' '))
		return -1;
	*out = v;
	return 0;
}

/* A cgroup v2 directory's inode number is the id bpf_get_current_cgroup_id() returns. */
static int cgroup_id(const char *path, uint64_t *id)
{
	struct stat st;
	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		return -1;
	*id = st.st_ino;
	return 0;
}

static const char *watch(struct loader *l, const char *line, int on)
{
	uint64_t pid, w = 1;
	char path[4096];
	json_get_u64(line, "watch", &w);
	uint32_t wv = (uint32_t)(w ? w : 1);
	if (json_get_u64(line, "pid", &pid) == 0) {
		uint32_t key = (uint32_t)pid;
		int fd = bpf_map__fd(l->skel->maps.watched_pids);
		int r = on ? bpf_map_update_elem(fd, &key, &wv, BPF_ANY) : bpf_map_delete_elem(fd, &key);
		return r && on ? "map update failed" : NULL;
	}
	if (json_get_string(line, "cgroup", path, sizeof(path)) == 0) {
		uint64_t id;
		if (cgroup_id(path, &id))
			return "cgroup path is not a cgroup v2 directory";
		int fd = bpf_map__fd(l->skel->maps.watched_cgroups);
		int r = on ? bpf_map_update_elem(fd, &id, &wv, BPF_ANY) : bpf_map_delete_elem(fd, &id);
		return r && on ? "map update failed" : NULL;
	}
	return "watch needs pid or cgroup";
}

static const char *limits(struct loader *l, const char *line)
{
	uint64_t cap, open_on;
	if (json_get_u64(line, "cap", &cap) == 0) {
		if (cap == 0 || cap > SENSOR_CAP)
			return "cap out of range";
		l->skel->data->cfg.cap = (uint32_t)cap;
	}
	if (json_get_u64(line, "open", &open_on) == 0)
		l->skel->data->cfg.capture_open = open_on ? 1 : 0;
	return NULL;
}

static const char *attach_cgroup(struct loader *l, const char *path, uint64_t id)
{
	for (int i = 0; i < l->cg_count; i++)
		if (l->cg_ids[i] == id)
			return NULL;
	if (l->cg_count >= MAX_CGROUP_LINKS)
		return "too many cgroups";
	int fd = open(path, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return "cannot open cgroup";
	struct bpf_program *progs[4] = { l->skel->progs.connect4, l->skel->progs.connect6,
					 l->skel->progs.sendmsg4, l->skel->progs.sendmsg6 };
	int slot = l->cg_count;
	for (int i = 0; i < 4; i++) {
		l->cg_links[slot][i] = bpf_program__attach_cgroup(progs[i], fd);
		if (!l->cg_links[slot][i]) {
			for (int j = 0; j < i; j++)
				bpf_link__destroy(l->cg_links[slot][j]);
			close(fd);
			return "cgroup attach refused";
		}
	}
	close(fd);
	l->cg_ids[slot] = id;
	l->cg_count++;
	return NULL;
}

static const char *add_addrs(struct loader *l, const char *line, uint64_t id)
{
	const char *p = find_key(line, "addrs");
	if (!p || *p != '[')
		return "allow needs addrs";
	int fd = bpf_map__fd(l->skel->maps.egress_allow);
	uint8_t one = 1;
	p++;
	while (*p == ' ')
		p++;
	while (*p == '"') {
		char a[INET6_ADDRSTRLEN];
		p = read_string(p, a, sizeof(a));
		if (!p)
			return "bad address";
		struct allow_key k;
		memset(&k, 0, sizeof(k));
		k.cgid = id;
		if (inet_pton(AF_INET, a, k.addr) == 1)
			k.family = 2;
		else if (inet_pton(AF_INET6, a, k.addr) == 1)
			k.family = 10;
		else
			return "bad address";
		if (bpf_map_update_elem(fd, &k, &one, BPF_ANY))
			return "allowlist full";
		while (*p == ' ' || *p == ',')
			p++;
	}
	return *p == ']' ? NULL : "bad addrs array";
}

/* Disarming detaches the cgroup's programs and forgets its allowlist, so a hub never fills up. */
static const char *disarm(struct loader *l, uint64_t id)
{
	for (int i = 0; i < l->cg_count; i++) {
		if (l->cg_ids[i] != id)
			continue;
		for (int j = 0; j < 4; j++)
			bpf_link__destroy(l->cg_links[i][j]);
		l->cg_count--;
		memcpy(l->cg_links[i], l->cg_links[l->cg_count], sizeof(l->cg_links[i]));
		l->cg_ids[i] = l->cg_ids[l->cg_count];
		break;
	}
	int fd = bpf_map__fd(l->skel->maps.egress_allow);
	struct allow_key k, next;
	void *prev = NULL;
	while (bpf_map_get_next_key(fd, prev, &next) == 0) {
		k = next;
		if (k.cgid == id) {
			bpf_map_delete_elem(fd, &k);
			prev = NULL;
			continue;
		}
		prev = &k;
	}
	bpf_map_delete_elem(bpf_map__fd(l->skel->maps.egress_mode), &id);
	return NULL;
}

/* Arms (or disarms) the destination allowlist of one cgroup. */
static const char *allow(struct loader *l, const char *line)
{
	char path[4096], mode[16];
	uint64_t id;
	if (json_get_string(line, "cgroup", path, sizeof(path)) || cgroup_id(path, &id))
		return "allow needs a cgroup v2 directory";
	if (json_get_string(line, "mode", mode, sizeof(mode)))
		return "allow needs mode";
	uint32_t m = !strcmp(mode, "enforce") ? MODE_ENFORCE
		     : !strcmp(mode, "report") ? MODE_REPORT
		     : !strcmp(mode, "off")    ? MODE_OFF
						: 99;
	if (m == 99)
		return "mode must be enforce, report or off";
	if (m == MODE_OFF)
		return disarm(l, id);
	const char *err = add_addrs(l, line, id);
	if (err)
		return err;
	if ((err = attach_cgroup(l, path, id)))
		return err;
	int fd = bpf_map__fd(l->skel->maps.egress_mode);
	return bpf_map_update_elem(fd, &id, &m, BPF_ANY) ? "mode update failed" : NULL;
}

void handle_command(struct loader *l, const char *line)
{
	char cmd[32], id[64] = "";
	json_get_string(line, "id", id, sizeof(id));
	if (json_get_string(line, "cmd", cmd, sizeof(cmd))) {
		emit_ack(id, 0, "command needs cmd");
		return;
	}
	if (!strcmp(cmd, "health")) {
		emit_health(l);
		emit_ack(id, 1, NULL);
		return;
	}
	const char *err = !strcmp(cmd, "watch")	  ? watch(l, line, 1)
			  : !strcmp(cmd, "unwatch") ? watch(l, line, 0)
			  : !strcmp(cmd, "limits")  ? limits(l, line)
			  : !strcmp(cmd, "allow")   ? allow(l, line)
						    : "unknown command";
	emit_ack(id, err == NULL, err);
}
