// The WebAssembly package's figures (issue 42; docs/performance.md):
//
//   node bench/wasm.mjs [NPM_DIR] [SIEGE_BIN] [PAGE]
//
// (defaults build/wasm/npm, build/release/siege, examples/calculator.html).
// Prints the module's bytes (raw and gzipped), the page's, the module's
// start in node, a warm call of `odds attack` (pool 20) and of `odds scene`
// on examples/castle-siege.json against the native program's whole process
// for the same question (median of 30), and resolve calls a second.
// Exits 1 when a target is missed: the .wasm at most 3.5 MB raw and 1 MB
// gzipped, the page at most 1.5 MB, each warm call at most twice the
// native process, 10,000 resolve calls a second or more.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(new URL('..', import.meta.url).pathname);
const npm = resolve(process.argv[2] ?? join(root, 'build/wasm/npm'));
const bin = resolve(process.argv[3] ?? join(root, 'build/release/siege'));
const page = resolve(process.argv[4] ?? join(root, 'examples/calculator.html'));
let missed = 0;
const report = (what, value, target, ok) => {
  if (!ok) missed++;
  console.log(`${what.padEnd(46)} ${value.padStart(14)}   target ${target}: ${ok ? 'ok' : 'MISSED'}`);
};
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;

const coreText = readFileSync(join(npm, 'siege-core.mjs'), 'utf8');
const wasm = Buffer.from(/base64,([A-Za-z0-9+/=]+)/.exec(coreText)[1], 'base64');
report('.wasm, raw', mb(wasm.length), '<= 3.5 MB', wasm.length <= 3.5e6);
const gz = gzipSync(wasm, { level: 9 }).length;
report('.wasm, gzipped', mb(gz), '<= 1 MB', gz <= 1e6);
const pageBytes = readFileSync(page).length;
report('the calculator page', mb(pageBytes), '<= 1.5 MB', pageBytes <= 1.5e6);

let t = performance.now();
const { createSiege } = await import(pathToFileURL(join(npm, 'index.mjs')).href);
const siege = await createSiege();
const start = performance.now() - t;
console.log(`${'the module\'s start in node (import + createSiege)'.padEnd(46)} ${`${start.toFixed(1)} ms`.padStart(14)}`);

const dir = mkdtempSync(join(tmpdir(), 'siege-bench-'));
try {
  spawnSync(bin, ['init', 'siege.json', '--from', join(root, 'examples/castle-siege.json')], { cwd: dir });
  const state = readFileSync(join(dir, 'siege.json'), 'utf8');
  const questions = [
    ['odds attack, pool 20', '{"of":"attack","structure":"curtain-wall","weapon":"cannon","pool":20}', '',
     ['--json', 'odds', 'attack', '--structure', 'curtain-wall', '--weapon', 'cannon', '--pool', '20']],
    ['odds scene, castle-siege.json', '{"of":"scene"}', state, ['--json', '--state', 'siege.json', 'odds', 'scene']],
  ];
  for (const [what, request, st, argv] of questions) {
    siege.oddsText(request, st, { file: 'siege.json' });  // warm
    const warm = [];
    for (let i = 0; i < 30; i++) {
      t = performance.now();
      siege.oddsText(request, st, { file: 'siege.json' });
      warm.push(performance.now() - t);
    }
    const nat = [];
    for (let i = 0; i < 30; i++) {
      t = performance.now();
      spawnSync(bin, argv, { cwd: dir });
      nat.push(performance.now() - t);
    }
    const w = median(warm);
    const n = median(nat);
    report(`${what}: warm call / native process`, `${w.toFixed(2)} / ${n.toFixed(2)} ms`, '<= 2x', w <= 2 * n);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const n = 20000;
t = performance.now();
for (let i = 0; i < n; i++)
  siege.resolveText(`{"action":"attack","structure":"curtain-wall","weapon":"cannon","seed":${i}}`);
const perSecond = n / ((performance.now() - t) / 1000);
report('resolve calls a second', perSecond.toFixed(0), '>= 10,000', perSecond >= 10000);
process.exit(missed > 0 ? 1 : 0);
