// DAP-18 §4.1.1 times: seconds since the epoch divided by the task's time_precision.
export interface Clock {
  nowSeconds(): number;
}

export const systemClock: Clock = { nowSeconds: () => Math.floor(Date.now() / 1000) };

export const toUnits = (seconds: number, timePrecision: number): number =>
  Math.floor(seconds / timePrecision);
