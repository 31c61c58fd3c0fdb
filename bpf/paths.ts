// Where the loader lives: bpf/build/ of this package, or $MESH_SENSOR_LOADER.
import { SensorError } from './errors.js';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: the nearest ancestor holding interlock-mesh's package.json (src or dist). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const parsed = JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown };
      if (parsed.name === 'interlock-mesh') return dir;
    }
    dir = dirname(dir);
  }
  throw new SensorError('loader_missing', 'interlock-mesh package root not found');
}

export function sensorSourceDir(): string {
  return join(packageRoot(), 'bpf');
}

export function loaderPath(): string {
  const env = process.env.MESH_SENSOR_LOADER;
  return env ? resolve(env) : join(sensorSourceDir(), 'build', 'mesh-sensor');
}
