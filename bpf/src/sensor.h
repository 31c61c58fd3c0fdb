/* Record layout shared by the BPF programs (sensor.bpf.c) and the loader (loader.c). */
#ifndef MESH_SENSOR_H
#define MESH_SENSOR_H

/* Per-record payload cap: a power of two so masks bound every read for the verifier. */
#define SENSOR_CAP 4096
#define SENSOR_MAX_IOV 8
#define SENSOR_PATH_MAX 256
#define SENSOR_COMM_LEN 16

enum sensor_kind {
	EV_CONNECT = 1,
	EV_SEND = 2,
	EV_OPEN = 3,
	EV_FORK = 4,
	EV_EXEC = 5,
	EV_EXIT = 6,
	EV_TLS = 7,
	EV_EGRESS = 8,
};

enum sensor_src {
	SRC_NONE = 0,
	SRC_WRITE = 1,
	SRC_WRITEV = 2,
	SRC_SENDTO = 3,
	SRC_SENDMSG = 4,
	SRC_SSL_WRITE = 5,
	SRC_CONNECT4 = 6,
	SRC_CONNECT6 = 7,
	SRC_SENDMSG4 = 8,
	SRC_SENDMSG6 = 9,
};

enum sensor_counter {
	CNT_EVENTS = 0,
	CNT_DROPS = 1,
	CNT_READ_ERRORS = 2,
	CNT_TRUNCATED = 3,
	CNT_DENIED = 4,
	CNT_MAX = 5,
};

/* Egress policy of one cgroup: what cgroup/connect* and sendmsg* do outside the allowlist. */
enum sensor_mode {
	MODE_OFF = 0,
	MODE_REPORT = 1,
	MODE_ENFORCE = 2,
};

struct sensor_hdr {
	__u32 kind;
	__u32 src;
	__u32 tgid;
	__u32 tid;
	__u64 ts_ns;
	__u64 start_ns;
	__u64 cgid;
	__s64 ret;
	__u64 total;
	__u32 fd;
	__u32 watch;
	__u16 family;
	__u16 dport;
	__u16 sock_type;
	__u16 flags;
	__u8 daddr[16];
	__u32 len;
	__u32 ppid;
	char comm[SENSOR_COMM_LEN];
};

/* Twice the cap so (offset & (CAP-1)) + (len & (CAP-1)) always fits the buffer. */
struct sensor_event {
	struct sensor_hdr h;
	__u8 data[2 * SENSOR_CAP];
};

struct sensor_config {
	__u32 cap;
	__u32 capture_open;
};

struct allow_key {
	__u64 cgid;
	__u32 family;
	__u8 addr[16];
};

#define FLAG_TRUNCATED 1
#define FLAG_READ_ERROR 2
#define FLAG_DENIED 4
#define FLAG_EXPLICIT_ADDR 8
#define FLAG_DNS 16

#endif
