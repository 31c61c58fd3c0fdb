// Whether the sensor can run on this machine, and each reason it cannot (for `mesh doctor`).
import { accessSync, constants, existsSync } from 'node:fs';
import { cgroup2Root } from './cgroup.js';
import { loaderPath } from './paths.js';

export interface Readiness {
  canRun: boolean;
  reasons: string[];
  notes: string[];
}

export function sensorReadiness(): Readiness {
  const reasons: string[] = [];
  const notes: string[] = [];
  if (process.platform !== 'linux') reasons.push('not Linux');
  if (process.getuid?.() !== 0)
    reasons.push('not root (loading BPF programs needs CAP_BPF and CAP_PERFMON)');
  try {
    accessSync('/sys/kernel/btf/vmlinux', constants.R_OK);
  } catch {
    reasons.push('no kernel BTF at /sys/kernel/btf/vmlinux (CO-RE needs CONFIG_DEBUG_INFO_BTF)');
  }
  if (!cgroup2Root()) reasons.push('no cgroup2 hierarchy mounted');
  if (!existsSync(loaderPath()))
    reasons.push(`loader not built at ${loaderPath()} (run \`mesh sensor build\`)`);
  if (!existsSync('/sys/kernel/tracing/events/syscalls'))
    notes.push('tracefs is not mounted at /sys/kernel/tracing; the loader mounts it at start');
  if (!existsSync('/sys/bus/event_source/devices/kprobe'))
    notes.push('kprobes are absent (not used)');
  return { canRun: reasons.length === 0, reasons, notes };
}
