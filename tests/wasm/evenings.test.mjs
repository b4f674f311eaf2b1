// The package against the native program on every state-file evening of
// tests/corpus: each action applied by the package must give the native
// outcome byte for byte and write the native state file, byte for byte; the
// other steps (init, status, undo ...) run natively on both folders and say
// the same; every file watched replays with the native `siege replay`.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { ask, cases, declarations, fixedSeed, nativeAnswer, native, pkg, toLine, writeFiles } from './support.mjs';

const siege = await pkg.createSiege();
const decl = declarations(siege);

test('every state-file evening of the corpus: apply writes the native file, which native replay proves', (t) => {
  let evenings = 0;
  let applied = 0;
  for (const c of cases) {
    if (!c.watch || !c.steps.some((s) => s.argv && s.argv.includes('--state'))) continue;
    const base = mkdtempSync(join(tmpdir(), 'siege-wasm-'));
    const nat = join(base, 'native');
    const mine = join(base, 'package');
    mkdirSync(nat);
    mkdirSync(mine);
    writeFiles(nat, c.files);
    writeFiles(mine, c.files);
    try {
      for (const [k, step] of c.steps.entries()) {
        const at = `${c.name} step ${k}`;
        if (step.edit) {
          for (const dir of [nat, mine]) {
            const p = join(dir, step.edit);
            const text = readFileSync(p, 'utf8');
            writeFileSync(p, text.replace(step.replace[0], step.replace[1]));
          }
          continue;
        }
        if (step.stdin !== undefined || step.stdout !== undefined) {
          for (const dir of [nat, mine]) native(step.argv, { cwd: dir, stdin: step.stdin ?? '' });
          continue;
        }
        const l = toLine(step.argv, decl);
        if (l === null || l.kind !== 'action' || l.state === null || !existsSync(join(mine, l.state))) {
          // Not an action on a file (init, status, undo ...): the native
          // program runs it on both folders, and says the same on both.
          const a = native(step.argv, { cwd: nat });
          const b = native(step.argv, { cwd: mine });
          assert.equal(b.status, a.status, `${at}: ${step.argv.join(' ')}`);
          assert.equal(b.stdout, a.stdout, `${at}: ${step.argv.join(' ')}`);
          continue;
        }
        const seed = l.seed ?? fixedSeed;
        const argv = ['--json', ...step.argv.filter((w) => w !== '--json')];
        if (l.seed === null) argv.unshift('--seed', seed);
        const want = nativeAnswer(native(argv, { cwd: nat }));
        const line = JSON.stringify({ ...l.line, seed: 0 }).replace('"seed":0', `"seed":${seed}`);
        const file = join(mine, l.state);
        let written = null;
        const got = ask(() => {
          const r = siege.applyText(readFileSync(file, 'utf8'), line, { file: l.state });
          written = r.state;
          return r.outcome;
        });
        if (got.error?.id === 'bad-number') got.error.id = 'bad-json';
        if (want.ok !== undefined && got.ok !== undefined) {
          // The outcome names no file; the texts are the same but for none.
          assert.equal(got.ok, want.ok, `${at}: ${line}`);
          writeFileSync(file, written);
          assert.equal(written, readFileSync(join(nat, l.state), 'utf8'), `${at}: the state file`);
          applied++;
        } else {
          assert.deepEqual(got, want, `${at}: ${line}`);
        }
      }
      for (const w of c.watch) {
        if (!existsSync(join(mine, w))) continue;
        const a = native(['--state', w, 'replay'], { cwd: nat });
        const b = native(['--state', w, 'replay'], { cwd: mine });
        assert.equal(b.status, a.status, `${c.name}: replay of ${w}: ${b.stderr}`);
      }
      evenings++;
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }
  t.diagnostic(`${evenings} evenings, ${applied} actions applied`);
  assert.ok(evenings >= 40, `only ${evenings} evenings`);
  assert.ok(applied >= 150, `only ${applied} actions applied`);
});
