// Writes the calculator page, examples/calculator.html: one self-contained
// HTML file (src/wasm/calculator/page.html with the calculator's module,
// build/wasm/siege-calculator.js, inlined), which works from file:// and
// fetches nothing.
//
//   node tools/make-calculator.mjs MODULE_JS VERSION OUT.html
//   node tools/make-calculator.mjs MODULE_JS VERSION --check examples/calculator.html
//
// --check exits 1 when the file is not what the tool writes now (the
// suite's check that the committed page is current).
import { readFileSync, writeFileSync } from 'node:fs';
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
const page = template.replaceAll('@VERSION@', version).replace('/*@CORE@*/', () => core.trimEnd());
if (check) {
  let old = '';
  try {
    old = readFileSync(out, 'utf8');
  } catch {}
  if (old !== page) {
    console.error(`make-calculator: ${out} is not current: run node tools/make-calculator.mjs ${module} ${version} ${out}`);
    process.exit(1);
  }
} else {
  writeFileSync(out, page);
}
