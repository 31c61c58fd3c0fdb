// The detectors a policy may reference by name; front doors may add their own (e.g. flow rules).
import { GuardError } from '../errors.js';
import type { Detector } from './detector.js';

export class DetectorRegistry {
  private readonly byName = new Map<string, Detector>();

  constructor(detectors: readonly Detector[] = []) {
    for (const d of detectors) this.add(d);
  }

  add(d: Detector): this {
    if (this.byName.has(d.name))
      throw new GuardError('detector_duplicate', `detector "${d.name}" registered twice`);
    this.byName.set(d.name, d);
    return this;
  }

  get(name: string): Detector | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}
