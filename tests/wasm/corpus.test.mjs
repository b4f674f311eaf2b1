// The package against the native program, case by case of tests/corpus:
// every case that is one action or one odds question, and every state-file
// evening, run through resolve / odds / apply, must give the native
// program's outcome byte for byte (its --json text), or an error with the
// same id and exit status; the state files the package writes must be the
// native program's, byte for byte, and replay with the native `siege replay`.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';

import { cases, declarations, native, pkg, toLine } from './support.mjs';

const siege = await pkg.createSiege();
const decl = declarations(siege);
// A case without a seed of its own gets this one, on both sides alike.
const fixedSeed = '424242';

// What the package says to `line`: { ok: text } or { error: { id, exit } }.
function ask(fn) {
  try {
    return { ok: fn() };
  } catch (e) {
    assert.ok(e instanceof pkg.SiegeError, `not a SiegeError: ${e}`);
    return { error: { id: e.id, exit: e.exit } };
  }
}

// What the native program says, in the same shape. A number past its
// bounds is "bad-number" on the command line and "bad-json" in a JSON line
// (batch's, the package's): the one id both are written as here.
function nativeAnswer(r) {
  const out = r.stdout.replace(/\n$/, '');
  if (r.status === 0) return { ok: out };
  const err = JSON.parse(out.split('\n').pop()).error;
  return { error: { id: err.id === 'bad-number' ? 'bad-json' : err.id, exit: err.code } };
}

// What native batch writes for one line, in the same shape (its "line" key taken out).
function batchAnswer(line) {
  const r = native(['batch'], { stdin: line + '\n' });
  const out = JSON.parse(r.stdout);
  if (out.error) return { error: { id: out.error.id, exit: out.error.code } };
  return { ok: r.stdout.trim().replace(/^\{"line":1,/, '{') };
}

function writeFiles(dir, files) {
  for (const [path, text] of Object.entries(files ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

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
