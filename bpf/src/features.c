/* Feature probe at start: what this kernel allows, each with the reason it does not. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "loader.h"

/* Loads `r0 = 0; exit` as a tracing/LSM program bound to a kernel function; 0 or -errno. */
static int try_btf_prog(enum bpf_prog_type type, enum bpf_attach_type at, const char *func,
			int kind)
{
	struct btf *vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux)
		return -ENOENT;
	int id = btf__find_by_name_kind(vmlinux, func, kind);
	btf__free(vmlinux);
	if (id < 0)
		return -ESRCH;
	struct bpf_insn insns[] = {
		{ .code = 0xb7, .dst_reg = 0, .imm = 0 }, /* mov r0, 0 */
		{ .code = 0x95 },			  /* exit */
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = at, .attach_btf_id = id);
	int fd = bpf_prog_load(type, "mesh_probe", "GPL", insns, 2, &opts);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int first_feature;

static void feature(const char *name, int ok, const char *why)
{
	fprintf(stdout, "%s\"%s\":{\"ok\":%s", first_feature ? "" : ",", name, ok ? "true" : "false");
	first_feature = 0;
	if (!ok && why)
		fprintf(stdout, ",\"reason\":\"%s\"", why);
	fputc('}', stdout);
}

static void errno_feature(const char *name, int r)
{
	feature(name, r == 0, r == -EPERM ? "refused by this kernel (EPERM)"
			      : r == -ESRCH ? "attach function not in BTF"
			      : r == -ENOENT ? "no kernel BTF"
					     : strerror(-r));
}

/* Mounts tracefs when the mount point is empty: syscall tracepoints need it. */
static int ensure_tracefs(void)
{
	if (access("/sys/kernel/tracing/events/syscalls", F_OK) == 0)
		return 1;
	if (mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL) == 0 &&
	    access("/sys/kernel/tracing/events/syscalls", F_OK) == 0)
		return 1;
	return access("/sys/kernel/debug/tracing/events/syscalls", F_OK) == 0;
}

void report_features(void)
{
	out_begin("features");
	out_u64("protocol", LOADER_PROTOCOL);
	fputs(",\"features\":{", stdout);
	first_feature = 1;
	feature("btf", access("/sys/kernel/btf/vmlinux", R_OK) == 0, "no /sys/kernel/btf/vmlinux");
	feature("tracefs", ensure_tracefs(), "tracefs not mounted and mount failed");
	feature("ringbuf", libbpf_probe_bpf_map_type(BPF_MAP_TYPE_RINGBUF, NULL) == 1,
		"ring buffer maps unsupported");
	feature("cgroup_sock_addr",
		libbpf_probe_bpf_prog_type(BPF_PROG_TYPE_CGROUP_SOCK_ADDR, NULL) == 1,
		"cgroup/connect programs unsupported");
	feature("uprobe", access("/sys/bus/event_source/devices/uprobe", F_OK) == 0,
		"no uprobe PMU (CONFIG_UPROBE_EVENTS off)");
	feature("kprobe", access("/sys/bus/event_source/devices/kprobe", F_OK) == 0,
		"no kprobe PMU (CONFIG_KPROBE_EVENTS off)");
	errno_feature("fentry", try_btf_prog(BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY, "do_unlinkat",
					     BTF_KIND_FUNC));
	errno_feature("tp_btf", try_btf_prog(BPF_PROG_TYPE_TRACING, BPF_TRACE_RAW_TP,
					     "btf_trace_sched_process_fork", BTF_KIND_TYPEDEF));
	errno_feature("lsm", try_btf_prog(BPF_PROG_TYPE_LSM, BPF_LSM_MAC, "bpf_lsm_file_open",
					  BTF_KIND_FUNC));
	fputs("}", stdout);
	out_end();
	fflush(stdout);
}
