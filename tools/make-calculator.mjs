// Writes the calculator page, examples/calculator.html: one self-contained
// HTML file (src/wasm/calculator/page.html with the calculator's module,
// build/wasm/siege-calculator.js, and its WebAssembly, the .wasm beside it,
// inlined), which works from file:// and fetches nothing. The WebAssembly
// goes in gzipped and in base64 (0.4 MB where the module's own base64 of
// it took 1.6 MB); the page unpacks it with the browser's
// DecompressionStream and hands the bytes to the module (wasmBinary).
//
//   node tools/make-calculator.mjs MODULE_JS VERSION OUT.html
//   node tools/make-calculator.mjs MODULE_JS VERSION --check examples/calculator.html
//
// --check exits 1 when the file is not what the tool writes now (the
// suite's check that the committed page is current). It compares the
// WebAssembly the page holds once unpacked, as another zlib (another
// node) may pack the same bytes differently.
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [module, version, ...rest] = process.argv.slice(2);
const check = rest[0] === '--check';
const out = check ? rest[1] : rest[0];
if (!module || !version || !out) {
  console.error('usage: node tools/make-calculator.mjs MODULE_JS VERSION [--check] OUT.html');
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const template = readFileSync(join(root, 'src/wasm/calculator/page.html'), 'utf8');
const core = readFileSync(module, 'utf8');
// Inlined in a <script>: a "</script" inside it would end it early.
if (/<\/script/i.test(core)) {
  console.error('make-calculator: the module holds "</script": it cannot be inlined');
  process.exit(1);
}
const wasm = readFileSync(module.replace(/\.js$/, '.wasm'));
const packedAt = /siegeCoreWasm = "([A-Za-z0-9+/=]*)"/;
const pageWith = (packed) =>
  template
    .replaceAll('@VERSION@', version)
    .replace('/*@CORE@*/', () => `const siegeCoreWasm = "${packed}";\n${core.trimEnd()}`);
let page = pageWith(gzipSync(wasm, { level: 9 }).toString('base64'));
if (check) {
  let old = '';
  try {
    old = readFileSync(out, 'utf8');
  } catch {}
  const theirs = packedAt.exec(old);
  let same = false;
  try {
    same = theirs !== null && gunzipSync(Buffer.from(theirs[1], 'base64')).equals(wasm);
  } catch {}
  if (same) page = pageWith(theirs[1]);
  if (old !== page) {
    console.error(`make-calculator: ${out} is not current: run node tools/make-calculator.mjs ${module} ${version} ${out}`);
    process.exit(1);
  }
} else {
  writeFileSync(out, page);
}
