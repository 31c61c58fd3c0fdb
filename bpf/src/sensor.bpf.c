// SPDX-License-Identifier: GPL-2.0
/* The sensor's kernel half (libbpf CO-RE): egress of watched processes, reported, never judged. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_endian.h>
#include "sensor.h"

char LICENSE[] SEC("license") = "GPL";

#define AF_INET 2
#define AF_INET6 10
#define S_IFMT 00170000
#define S_IFSOCK 0140000
#define DATA_MASK (2 * SENSOR_CAP - 1)

struct pending {
	__u32 src;
	__u32 fd;
	__u64 buf;
	__u64 count;
	__u16 family;
	__u16 dport;
	__u16 sock_type;
	__u16 flags;
	__u8 daddr[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 8 << 20);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16384);
	__type(key, __u32);
	__type(value, __u32);
} watched_pids SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u64);
	__type(value, __u32);
} watched_cgroups SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16384);
	__type(key, __u64);
	__type(value, struct pending);
} pending SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__uint(key_size, sizeof(__u32));
	/* Header plus three caps: masked offset + masked length always stay inside. */
	__uint(value_size, sizeof(struct sensor_hdr) + 3 * SENSOR_CAP);
} scratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, CNT_MAX);
	__type(key, __u32);
	__type(value, __u64);
} counters SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u64);
	__type(value, __u32);
} egress_mode SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, struct allow_key);
	__type(value, __u8);
} egress_allow SEC(".maps");

struct sensor_config cfg = { .cap = SENSOR_CAP, .capture_open = 1 };

static __always_inline void count(__u32 which)
{
	__u64 *c = bpf_map_lookup_elem(&counters, &which);
	if (c)
		*c += 1;
}

static __always_inline __u32 watch_of_current(void)
{
	__u32 tgid = bpf_get_current_pid_tgid() >> 32;
	__u32 *w = bpf_map_lookup_elem(&watched_pids, &tgid);
	if (w)
		return *w;
	__u64 cgid = bpf_get_current_cgroup_id();
	w = bpf_map_lookup_elem(&watched_cgroups, &cgid);
	return w ? *w : 0;
}

static __always_inline __u32 capture_cap(void)
{
	__u32 cap = cfg.cap;
	return cap > SENSOR_CAP ? SENSOR_CAP : cap;
}

static __always_inline void fill_task(struct sensor_hdr *h, __u32 kind, __u32 watch)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();
	__u64 id = bpf_get_current_pid_tgid();
	h->kind = kind;
	h->watch = watch;
	h->tgid = id >> 32;
	h->tid = (__u32)id;
	h->ts_ns = bpf_ktime_get_ns();
	h->start_ns = BPF_CORE_READ(t, group_leader, start_boottime);
	h->ppid = BPF_CORE_READ(t, real_parent, tgid);
	h->cgid = bpf_get_current_cgroup_id();
	bpf_get_current_comm(h->comm, sizeof(h->comm));
}

static __always_inline struct sensor_event *scratch_event(void)
{
	__u32 zero = 0;
	struct sensor_event *e = bpf_map_lookup_elem(&scratch, &zero);
	if (e)
		__builtin_memset(&e->h, 0, sizeof(e->h));
	return e;
}

static __always_inline void emit(struct sensor_event *e)
{
	__u32 len = e->h.len & DATA_MASK;
	if (bpf_ringbuf_output(&events, e, sizeof(e->h) + len, 0)) {
		count(CNT_DROPS);
		return;
	}
	count(CNT_EVENTS);
}

/* Reads a user sockaddr into the destination fields; the bytes are the caller's to choose. */
static __always_inline void read_sockaddr(struct pending *p, const void *uaddr)
{
	__u16 family = 0;
	if (!uaddr || bpf_probe_read_user(&family, sizeof(family), uaddr))
		return;
	if (family == AF_INET) {
		struct sockaddr_in sa = {};
		if (bpf_probe_read_user(&sa, sizeof(sa), uaddr))
			return;
		p->family = AF_INET;
		p->dport = bpf_ntohs(sa.sin_port);
		__builtin_memcpy(p->daddr, &sa.sin_addr.s_addr, 4);
		p->flags |= FLAG_EXPLICIT_ADDR;
	} else if (family == AF_INET6) {
		struct sockaddr_in6 sa = {};
		if (bpf_probe_read_user(&sa, sizeof(sa), uaddr))
			return;
		p->family = AF_INET6;
		p->dport = bpf_ntohs(sa.sin6_port);
		__builtin_memcpy(p->daddr, &sa.sin6_addr, 16);
		p->flags |= FLAG_EXPLICIT_ADDR;
	}
}

/* Socket-only filter: the fd must name an inet socket; its peer is the default destination. */
static __always_inline int inet_socket_of_fd(__u32 fd, struct pending *p)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();
	struct fdtable *fdt = BPF_CORE_READ(t, files, fdt);
	if (!fdt || fd >= BPF_CORE_READ(fdt, max_fds))
		return 0;
	struct file **fds = BPF_CORE_READ(fdt, fd);
	struct file *f = NULL;
	if (bpf_probe_read_kernel(&f, sizeof(f), &fds[fd]) || !f)
		return 0;
	umode_t mode = BPF_CORE_READ(f, f_inode, i_mode);
	if ((mode & S_IFMT) != S_IFSOCK)
		return 0;
	struct socket *sock = BPF_CORE_READ(f, private_data);
	struct sock *sk = BPF_CORE_READ(sock, sk);
	if (!sk)
		return 0;
	__u16 family = BPF_CORE_READ(sk, __sk_common.skc_family);
	if (family != AF_INET && family != AF_INET6)
		return 0;
	p->sock_type = BPF_CORE_READ(sock, type);
	p->family = family;
	p->dport = bpf_ntohs(BPF_CORE_READ(sk, __sk_common.skc_dport));
	if (family == AF_INET) {
		__u32 a = BPF_CORE_READ(sk, __sk_common.skc_daddr);
		__builtin_memcpy(p->daddr, &a, 4);
	} else {
		BPF_CORE_READ_INTO(&p->daddr, sk, __sk_common.skc_v6_daddr);
	}
	return 1;
}

static __always_inline int remember(__u32 src, __u32 fd, __u64 buf, __u64 count_arg,
				    const void *uaddr)
{
	if (!watch_of_current())
		return 0;
	struct pending p = {};
	if (!inet_socket_of_fd(fd, &p))
		return 0;
	p.src = src;
	p.fd = fd;
	p.buf = buf;
	p.count = count_arg;
	read_sockaddr(&p, uaddr);
	if (p.dport == 53)
		p.flags |= FLAG_DNS;
	__u64 id = bpf_get_current_pid_tgid();
	bpf_map_update_elem(&pending, &id, &p, BPF_ANY);
	return 0;
}

/* Copies one user buffer at a verifier-bounded offset; a failed read leaves zeroes, never old bytes. */
static __always_inline __u32 copy_user(struct sensor_event *e, __u32 off, const void *src,
				       __u64 want)
{
	__u32 take = want > SENSOR_CAP ? SENSOR_CAP : (__u32)want;
	take &= DATA_MASK;
	off &= (SENSOR_CAP - 1);
	if (take == 0)
		return 0;
	if (bpf_probe_read_user(&e->data[off], take, src)) {
		e->h.flags |= FLAG_READ_ERROR;
		count(CNT_READ_ERRORS);
	}
	return take;
}

static __always_inline int finish(long ret)
{
	__u64 id = bpf_get_current_pid_tgid();
	struct pending *p = bpf_map_lookup_elem(&pending, &id);
	if (!p)
		return 0;
	struct pending c = *p;
	bpf_map_delete_elem(&pending, &id);
	if (ret <= 0)
		return 0;
	struct sensor_event *e = scratch_event();
	if (!e)
		return 0;
	fill_task(&e->h, EV_SEND, watch_of_current());
	e->h.src = c.src;
	e->h.fd = c.fd;
	e->h.ret = ret;
	e->h.total = ret;
	e->h.family = c.family;
	e->h.dport = c.dport;
	e->h.sock_type = c.sock_type;
	e->h.flags = c.flags;
	__builtin_memcpy(e->h.daddr, c.daddr, 16);
	__u32 cap = capture_cap();
	__u64 budget = (__u64)ret < cap ? (__u64)ret : cap;
	__u32 off = 0;
	if (c.src == SRC_WRITE || c.src == SRC_SENDTO) {
		off = copy_user(e, 0, (const void *)c.buf, budget);
	} else {
		__u64 n = c.count > SENSOR_MAX_IOV ? SENSOR_MAX_IOV : c.count;
		const struct iovec *iov = (const struct iovec *)c.buf;
		for (int i = 0; i < SENSOR_MAX_IOV; i++) {
			if (i >= n || off >= budget)
				break;
			struct iovec v = {};
			if (bpf_probe_read_user(&v, sizeof(v), &iov[i]))
				break;
			__u64 want = budget - off;
			if (v.iov_len < want)
				want = v.iov_len;
			off += copy_user(e, off, v.iov_base, want);
		}
	}
	e->h.len = off > cap ? cap : off;
	if ((__u64)ret > e->h.len) {
		e->h.flags |= FLAG_TRUNCATED;
		count(CNT_TRUNCATED);
	}
	emit(e);
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_write")
int enter_write(struct trace_event_raw_sys_enter *ctx)
{
	return remember(SRC_WRITE, ctx->args[0], ctx->args[1], ctx->args[2], NULL);
}

SEC("tracepoint/syscalls/sys_enter_writev")
int enter_writev(struct trace_event_raw_sys_enter *ctx)
{
	return remember(SRC_WRITEV, ctx->args[0], ctx->args[1], ctx->args[2], NULL);
}

SEC("tracepoint/syscalls/sys_enter_sendto")
int enter_sendto(struct trace_event_raw_sys_enter *ctx)
{
	/* args[4] is NULL for send(): the socket's peer is then the destination. */
	return remember(SRC_SENDTO, ctx->args[0], ctx->args[1], ctx->args[2],
			(const void *)ctx->args[4]);
}

SEC("tracepoint/syscalls/sys_enter_sendmsg")
int enter_sendmsg(struct trace_event_raw_sys_enter *ctx)
{
	if (!watch_of_current())
		return 0;
	struct user_msghdr m = {};
	if (bpf_probe_read_user(&m, sizeof(m), (const void *)ctx->args[1]))
		return 0;
	return remember(SRC_SENDMSG, ctx->args[0], (__u64)m.msg_iov, m.msg_iovlen, m.msg_name);
}

SEC("tracepoint/syscalls/sys_exit_write")
int exit_write(struct trace_event_raw_sys_exit *ctx) { return finish(ctx->ret); }
SEC("tracepoint/syscalls/sys_exit_writev")
int exit_writev(struct trace_event_raw_sys_exit *ctx) { return finish(ctx->ret); }
SEC("tracepoint/syscalls/sys_exit_sendto")
int exit_sendto(struct trace_event_raw_sys_exit *ctx) { return finish(ctx->ret); }
SEC("tracepoint/syscalls/sys_exit_sendmsg")
int exit_sendmsg(struct trace_event_raw_sys_exit *ctx) { return finish(ctx->ret); }

SEC("tracepoint/syscalls/sys_enter_connect")
int enter_connect(struct trace_event_raw_sys_enter *ctx)
{
	__u32 watch = watch_of_current();
	if (!watch)
		return 0;
	struct pending p = {};
	read_sockaddr(&p, (const void *)ctx->args[1]);
	if (p.family != AF_INET && p.family != AF_INET6)
		return 0;
	struct sensor_event *e = scratch_event();
	if (!e)
		return 0;
	fill_task(&e->h, EV_CONNECT, watch);
	e->h.fd = ctx->args[0];
	e->h.family = p.family;
	e->h.dport = p.dport;
	__builtin_memcpy(e->h.daddr, p.daddr, 16);
	emit(e);
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_openat")
int enter_openat(struct trace_event_raw_sys_enter *ctx)
{
	__u32 watch = watch_of_current();
	if (!watch || !cfg.capture_open)
		return 0;
	struct sensor_event *e = scratch_event();
	if (!e)
		return 0;
	fill_task(&e->h, EV_OPEN, watch);
	e->h.fd = ctx->args[0];
	e->h.total = ctx->args[2];
	long n = bpf_probe_read_user_str(e->data, SENSOR_PATH_MAX, (const void *)ctx->args[1]);
	e->h.len = n > 0 ? n - 1 : 0;
	emit(e);
	return 0;
}

/* TLS plaintext before encryption: SSL_write and SSL_write_ex share (ssl, buf, num). */
SEC("uprobe")
int BPF_KPROBE(ssl_write, void *ssl, const void *buf, int num)
{
	__u32 watch = watch_of_current();
	if (!watch || num <= 0)
		return 0;
	struct sensor_event *e = scratch_event();
	if (!e)
		return 0;
	fill_task(&e->h, EV_TLS, watch);
	e->h.src = SRC_SSL_WRITE;
	e->h.total = num;
	__u32 cap = capture_cap();
	e->h.len = copy_user(e, 0, buf, (__u64)num < cap ? (__u64)num : cap);
	if ((__u64)num > e->h.len) {
		e->h.flags |= FLAG_TRUNCATED;
		count(CNT_TRUNCATED);
	}
	emit(e);
	return 0;
}

SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 ptgid = parent->tgid;
	__u32 *w = bpf_map_lookup_elem(&watched_pids, &ptgid);
	__u32 watch = w ? *w : watch_of_current();
	if (!watch || child->pid != child->tgid)
		return 0;
	__u32 ctgid = child->tgid;
	if (w)
		bpf_map_update_elem(&watched_pids, &ctgid, &watch, BPF_ANY);
	struct sensor_event *e = scratch_event();
	if (!e)
		return 0;
	fill_task(&e->h, EV_FORK, watch);
	e->h.ret = ctgid;
	e->h.start_ns = child->start_boottime;
	emit(e);
	return 0;
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(on_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	__u32 watch = watch_of_current();
	if (!watch)
		return 0;
	struct sensor_event *e = scratch_event();
	if (!e)
		return 0;
	fill_task(&e->h, EV_EXEC, watch);
	long n = bpf_probe_read_kernel_str(e->data, SENSOR_PATH_MAX, BPF_CORE_READ(bprm, filename));
	e->h.len = n > 0 ? n - 1 : 0;
	emit(e);
	return 0;
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(on_exit, struct task_struct *p, bool group_dead)
{
	if (!group_dead)
		return 0;
	__u32 watch = watch_of_current();
	if (!watch)
		return 0;
	__u32 tgid = p->tgid;
	bpf_map_delete_elem(&watched_pids, &tgid);
	struct sensor_event *e = scratch_event();
	if (!e)
		return 0;
	fill_task(&e->h, EV_EXIT, watch);
	e->h.ret = p->exit_code;
	emit(e);
	return 0;
}

/* Destination allowlist of one cgroup: refused (enforce) or only reported (report). */
static __always_inline int egress(struct bpf_sock_addr *ctx, __u32 family, __u32 src)
{
	__u64 cgid = bpf_get_current_cgroup_id();
	__u32 *mode = bpf_map_lookup_elem(&egress_mode, &cgid);
	if (!mode || *mode == MODE_OFF)
		return 1;
	struct allow_key k = {};
	k.cgid = cgid;
	k.family = family;
	if (family == AF_INET) {
		__u32 a = ctx->user_ip4;
		__builtin_memcpy(k.addr, &a, 4);
	} else {
		__u32 a[4] = { ctx->user_ip6[0], ctx->user_ip6[1], ctx->user_ip6[2], ctx->user_ip6[3] };
		__builtin_memcpy(k.addr, a, 16);
	}
	if (bpf_map_lookup_elem(&egress_allow, &k))
		return 1;
	int deny = *mode == MODE_ENFORCE;
	struct sensor_hdr h = {};
	__u64 id = bpf_get_current_pid_tgid();
	h.kind = EV_EGRESS;
	h.src = src;
	h.tgid = id >> 32;
	h.tid = (__u32)id;
	h.ts_ns = bpf_ktime_get_ns();
	h.cgid = cgid;
	h.family = family;
	h.dport = bpf_ntohs((__u16)ctx->user_port);
	h.sock_type = ctx->type;
	h.flags = deny ? FLAG_DENIED : 0;
	__builtin_memcpy(h.daddr, k.addr, 16);
	if (deny)
		count(CNT_DENIED);
	if (bpf_ringbuf_output(&events, &h, sizeof(h), 0))
		count(CNT_DROPS);
	else
		count(CNT_EVENTS);
	return deny ? 0 : 1;
}

SEC("cgroup/connect4")
int connect4(struct bpf_sock_addr *ctx) { return egress(ctx, AF_INET, SRC_CONNECT4); }
SEC("cgroup/connect6")
int connect6(struct bpf_sock_addr *ctx) { return egress(ctx, AF_INET6, SRC_CONNECT6); }
SEC("cgroup/sendmsg4")
int sendmsg4(struct bpf_sock_addr *ctx) { return egress(ctx, AF_INET, SRC_SENDMSG4); }
SEC("cgroup/sendmsg6")
int sendmsg6(struct bpf_sock_addr *ctx) { return egress(ctx, AF_INET6, SRC_SENDMSG6); }
