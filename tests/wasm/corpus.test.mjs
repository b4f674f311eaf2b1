// The package against the native program, case by case of tests/corpus:
// every case that is one action or one odds question, run through resolve
// and odds, must give the native program's outcome byte for byte (its --json
// text), or an error with the same id and exit status. The state-file
// evenings are evenings.test.mjs's (a file of their own, so that
// tests/wasm/run.sh runs them beside these on the other core).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ask, batchAnswer, cases, declarations, fixedSeed, nativeAnswer, native, pkg, toLine } from './support.mjs';

const siege = await pkg.createSiege();
const decl = declarations(siege);

test('every one-action and odds case of the corpus gives the native outcome', (t) => {
  let compared = 0;
  let oks = 0;
  for (const c of cases) {
    if (c.steps.length !== 1 || !c.steps[0].argv || c.steps[0].stdin !== undefined || c.files) continue;
    const argv = c.steps[0].argv;
    const l = toLine(argv, decl);
    if (l === null || l.state !== null) continue;
    const seed = l.seed ?? fixedSeed;
    const line = JSON.stringify(l.kind === 'action' ? { ...l.line, seed: 0 } : l.line).replace(
      '"seed":0',
      `"seed":${seed}`,
    );
    let want;
    if (l.kind === 'action') {
      want = batchAnswer(line);
    } else {
      const nativeArgv = ['--json', ...argv.filter((w) => w !== '--json')];
      if (l.seed === null) nativeArgv.unshift('--seed', seed);
      want = nativeAnswer(native(nativeArgv));
    }
    const got = ask(() => (l.kind === 'action' ? siege.resolveText(line) : siege.oddsText(line)));
    for (const a of [got, want]) if (a.error?.id === 'bad-number') a.error.id = 'bad-json';
    assert.deepEqual(got, want, `${c.name}: ${line}`);
    compared++;
    if (want.ok !== undefined) oks++;
  }
  t.diagnostic(`${compared} cases compared, ${oks} of them outcomes`);
  // The converter must not quietly skip the corpus.
  assert.ok(compared >= 600, `only ${compared} cases compared`);
  assert.ok(oks >= 300, `only ${oks} of them succeeded`);
});
