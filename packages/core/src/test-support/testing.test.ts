import { describe, expect, it, vi } from "vitest";
import { cpuTimeRatio } from "./testing.js";

describe("cpuTimeRatio", () => {
  it("is the median of the rounds' ratios: a load that rises between the two sides of a round, and stays, does not decide it", async () => {
    // A clock of CPU time that each side's work moves: `small` costs 10 ms and `large` 20 (a ratio
    // of 2) on a quiet machine, 4 times as much on a busy one. The load rises in the first round,
    // after its `small`, and stays: the least of each side would be 80 ms over 10, a ratio of 8.
    let cpuMicroseconds = 0;
    vi.spyOn(process, "cpuUsage").mockImplementation(() => ({ user: cpuMicroseconds, system: 0 }));
    let load = 1;
    const small = async () => {
      cpuMicroseconds += 10_000 * load;
    };
    const large = async () => {
      load = 4;
      cpuMicroseconds += 20_000 * load;
    };
    expect(await cpuTimeRatio(small, large)).toEqual({ ratio: 2, smallMs: 10, largeMs: 80 });
  });

  it("takes the upper of the two middle ratios of an even number of rounds", async () => {
    let cpuMicroseconds = 0;
    vi.spyOn(process, "cpuUsage").mockImplementation(() => ({ user: cpuMicroseconds, system: 0 }));
    const costs = [1_000, 1_000, 1_000, 3_000, 1_000, 5_000, 1_000, 7_000];
    const run = async () => {
      cpuMicroseconds += costs.shift()!;
    };
    expect((await cpuTimeRatio(run, run, 4)).ratio).toBe(5);
  });
});
