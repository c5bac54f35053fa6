// What parseJson costs beside JSON.parse, in time and heap, on large and small answers
// (a 20 MB DAS page once took 756 ms and +188 MB of heap). Run `npm run build` first: the built
// dist is measured.
//
//   node scripts/bench-json.mjs        every case, parseJson of dist/index.js and JSON.parse
//   node scripts/bench-json.mjs --repeat 3 --module before=/tmp/old/dist/index.js \
//     --module after=dist/index.js     builds side by side (copy dist/ aside before a change),
//                                      each case run 3 times in turn
//
// Each case runs in a fresh process: the first call is timed cold (an SDK call is often the
// process's first large parse), then the median of 5 more (of 25 batches of 2,000 calls for the
// 2 kB answers), in wall time and CPU time. The heap peak is the largest heap V8 reports at a
// collection during the first call (--trace-gc), or after it, over the heap before it. On a shared
// machine wall times vary by 50 % from run to run, CPU times far less: compare runs made together.
import { execFileSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolve } from "node:path";

const self = fileURLToPath(import.meta.url);
const defaultModule = fileURLToPath(new URL("../dist/index.js", import.meta.url));

/**
 * A DAS `getAssetsByOwner` item, as the trial's server wrote it; `big` puts a u64 supply beyond
 * 2^53.
 */
const dasItem = (i, big) =>
  `{"id":"asset-${i}","interface":"FungibleToken","token_info":{"supply":${big ? 18000000000000000000n + BigInt(i) : 1000000000 + i},"decimals":6,` +
  `"price_info":{"price_per_token":1.2345,"total_price":987654.321}},"ownership":{"owner":"86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",` +
  `"frozen":false},"content":{"metadata":{"name":"Token number ${i}","symbol":"TK"}}}`;

/** An item with a long description full of quotes, backslashes, escapes and digits. */
const wordyItem = (i) => {
  const text = `Item ${i}: a "quoted" name, a path C:\\dir\\file, lines\nand tabs\t, é ☃ \u0001, digits 12345678901234567890 and "${'x\\"y'.repeat(i % 7)}" more. `;
  return `{"id":"asset-${i}","supply":${18000000000000000000n + BigInt(i)},"description":${JSON.stringify(text.repeat(4))},"name":"Name \\"${i}\\""}`;
};

/** A JSON-RPC answer with a page of items, of about `mb` MB. */
const page = (mb, item) => {
  const items = [];
  for (let size = 0; size < mb * 1e6; size += items.at(-1).length + 1)
    items.push(item(items.length));
  const n = items.length;
  return `{"jsonrpc":"2.0","id":"1","result":{"total":${n},"limit":${n},"page":1,"items":[${items.join(",")}]}}`;
};

const cases = {
  "DAS page 20 MB, u64 supplies > 2^53": () => page(20, (i) => dasItem(i, true)),
  "DAS page 20 MB, no integer > 2^53": () => page(20, (i) => dasItem(i, false)),
  "wordy page 20 MB, u64 supplies > 2^53": () => page(20, wordyItem),
  "getAsset 2 kB, u64 supply > 2^53": () => page(0.002, (i) => dasItem(i, true)),
  "getAsset 2 kB, no integer > 2^53": () => page(0.002, (i) => dasItem(i, false)),
};

const [mode, ...rest] = process.argv.slice(2);
if (mode === "--child") {
  const [name, parser, module] = rest;
  const parse =
    parser === "JSON.parse" ? JSON.parse : (await import(pathToFileURL(module))).parseJson;
  const text = cases[name]();
  const small = text.length < 1e5;
  globalThis.gc();
  const base = process.memoryUsage().heapUsed;
  console.log("<<<");
  // Wall time, and CPU time (all threads: GC helpers too), which a busy machine inflates less.
  const clock = () => [performance.now(), process.cpuUsage()];
  const since = ([wall, cpu]) => {
    const { user, system } = process.cpuUsage(cpu);
    return [performance.now() - wall, (user + system) / 1000];
  };
  let started = clock();
  parse(text);
  const cold = since(started);
  const after = process.memoryUsage().heapUsed;
  console.log(">>>");
  // Small answers: per call, over batches of calls (one is below the clock's resolution).
  const calls = small ? 2000 : 1;
  const times = [];
  for (let run = 0; run < (small ? 25 : 5); run++) {
    if (!small) globalThis.gc();
    started = clock();
    for (let call = 0; call < calls; call++) parse(text);
    times.push(since(started).map((ms) => ms / calls));
  }
  times.sort((a, b) => a[0] - b[0]);
  console.log(
    JSON.stringify({ bytes: text.length, cold, median: times[times.length >> 1], base, after }),
  );
} else {
  // `--module label=file` (repeatable) names the builds to compare; `--repeat n` runs each case n
  // times, in turn with the other builds: the fastest times, the median heap peak.
  const modules = [];
  let repeat = 1;
  for (let i = 0; i < process.argv.length; i++) {
    if (process.argv[i] === "--repeat") repeat = +process.argv[++i];
    if (process.argv[i] === "--module") {
      const [label, file] = process.argv[++i].split(/=(.*)/s);
      modules.push(file === undefined ? ["parseJson", resolve(label)] : [label, resolve(file)]);
    }
  }
  if (!modules.length) modules.push(["parseJson", defaultModule]);
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  const mb = (bytes) => (bytes / 1048576).toFixed(0);
  const time = ([wall, cpu]) =>
    wall < 1
      ? `${(wall * 1000).toFixed(1)} µs (${(cpu * 1000).toFixed(1)})`
      : `${wall.toFixed(0)} ms (${cpu.toFixed(0)})`;
  for (const [label, file] of modules) console.log(`${label}: ${file}`);
  console.log(
    `${repeat > 1 ? `the fastest of ${repeat} runs, the median heap peak\n` : ""}` +
      "| case | parser | first call, wall (CPU) | median of 5 | heap peak over base |\n|---|---|---|---|---|",
  );
  for (const name of Object.keys(cases)) {
    const runs = {};
    for (let round = 0; round < repeat; round++)
      for (const [label, file] of [...modules, ["JSON.parse", ""]]) {
        const out = execFileSync(
          process.execPath,
          ["--expose-gc", "--trace-gc", self, "--child", name, label, file],
          { encoding: "utf8", maxBuffer: 1e8 },
        );
        const during = out.slice(out.indexOf("<<<"), out.indexOf(">>>"));
        const result = JSON.parse(out.slice(out.indexOf(">>>") + 3).match(/\{.*\}/)[0]);
        // `Scavenge 45.2 (60.1) -> 40.1 (62.1) MB`: the heap used before each collection, in MB.
        const before = [...during.matchAll(/ ([\d.]+) \([\d.]+\) -> /g)].map((m) => m[1] * 1048576);
        result.peak = Math.max(result.after, ...before) - result.base;
        (runs[label] ??= []).push(result);
      }
    for (const [label, results] of Object.entries(runs)) {
      const small = results[0].bytes < 1e5;
      // (The fastest run: on a shared machine the others waited for a core.)
      const [cold, warm] = ["cold", "median"].map((key) =>
        [0, 1].map((clock) => Math.min(...results.map((result) => result[key][clock]))),
      );
      const peak = median(results.map((result) => result.peak));
      console.log(
        `| ${name} | ${label} | ${time(cold)} | ${time(warm)} | ${small ? "-" : `+${mb(peak)} MB`} |`,
      );
    }
  }
}
