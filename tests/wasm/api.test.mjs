// The package's API: errors as SiegeError with the native ids, a module
// that goes on after any bad input, seeds kept exact past 2^53 - 1, tables
// given as texts, the inputs, and an out-of-memory that says so.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { native, pkg, root } from './support.mjs';

const siege = await pkg.createSiege();
const attack = { action: 'attack', structure: 'curtain-wall', weapon: 'cannon', pool: 3 };

test('every line of the batch fuzz corpus: the same error id (or the same outcome) as native batch', () => {
  const dir = join(root, 'fuzz/corpus/batch_line');
  let errors = 0;
  for (const name of readdirSync(dir)) {
    const bytes = readFileSync(join(dir, name));
    const text = bytes.toString('utf8');
    // One line each; a NUL or bytes that are not UTF-8 cannot be a JS string as they are.
    if (text.trim() === '' || text.includes('\n') || !Buffer.from(text, 'utf8').equals(bytes) || text.includes('\0'))
      continue;
    const r = native(['batch', '--seed', '7'], { stdin: text + '\n' });
    const want = JSON.parse(r.stdout.trim());
    let got;
    try {
      siege.resolveText(text);
      got = { ok: true };
    } catch (e) {
      assert.ok(e instanceof pkg.SiegeError, `${name}: ${e}`);
      got = { id: e.id, exit: e.exit, input: e.input };
      errors++;
    }
    if (want.error) assert.deepEqual(got, { id: want.error.id, exit: want.error.code, input: want.error.input }, name);
    else assert.deepEqual(got, { ok: true }, name);
  }
  assert.ok(errors >= 30, `only ${errors} bad lines`);
});

test('an error is a SiegeError with id, exit, message and input, and the module goes on', () => {
  assert.throws(
    () => siege.resolve({ ...attack, pool: 99 }),
    (e) =>
      e instanceof pkg.SiegeError &&
      e instanceof Error &&
      e.id === 'bad-json' &&
      e.exit === 2 &&
      e.input === 'pool' &&
      /expected an integer from 0 to 50/.test(e.message),
  );
  for (const bad of ['', '{', '[]', '{"action":1}', '{"action":"nosuch"}', '\u{1F600}', '{"action":"attack"}'])
    assert.throws(() => siege.resolveText(bad), pkg.SiegeError, bad);
  assert.throws(() => siege.applyText('not a siege', JSON.stringify({ action: 'note', text: 'x' })), (e) => e.exit === 4);
  assert.throws(() => siege.odds({ of: 'atack' }), (e) => e.id === 'unknown-command' && /did you mean attack/.test(e.message));
  assert.throws(() => siege.odds({ structure: 'tower' }), (e) => e.id === 'missing-option');
  // After all that, the same question gives the same answer as before.
  const a = siege.resolveText(JSON.stringify({ ...attack, seed: 11 }));
  const b = native(['--json', '--seed', '11', 'attack', '--structure', 'curtain-wall', '--weapon', 'cannon', '--pool', '3']);
  assert.equal(a, b.stdout.trim());
});

test('seeds stay exact to 2^64 - 1: BigInt in, BigInt out; a Number past 2^53 - 1 is refused', () => {
  const top = 18446744073709551615n;
  const out = siege.resolve({ ...attack, seed: top });
  assert.equal(typeof out.seed, 'bigint');
  assert.equal(out.seed, top);
  const b = native(['--json', '--seed', top.toString(), 'attack', '--structure', 'curtain-wall', '--weapon', 'cannon', '--pool', '3']);
  assert.equal(pkg.toJson(out), b.stdout.trim());
  assert.deepEqual(out.check.dice, JSON.parse(b.stdout).check.dice);
  // 2^53 + 1 as a Number is already 2^53: refused, never rounded.
  assert.throws(
    () => siege.resolve({ ...attack, seed: 2 ** 53 + 2 }),
    (e) => e.id === 'inexact-number' && e.input === 'seed',
  );
  // A safe Number stays a Number.
  assert.equal(typeof siege.resolve({ ...attack, seed: 2 ** 53 - 1 }).seed, 'number');
  // Past 2^64 - 1: refused as batch refuses it.
  assert.throws(() => siege.resolve({ ...attack, seed: top + 1n }), (e) => e.exit === 2 && /seed: expected a whole number from 0 to 18446744073709551615/.test(e.message));
  // Without a seed, the one drawn is reported, below 2^53 (a Number).
  const drawn = siege.resolve(attack);
  assert.ok(Number.isSafeInteger(drawn.seed));
  assert.equal(siege.resolveText(JSON.stringify({ ...attack, seed: drawn.seed })), pkg.toJson(drawn));
});

test('parseJson and toJson keep every whole number and refuse nothing valid', () => {
  const text = '{"a":[1,-2,3.5,1e3,9007199254740991,9007199254740993,-9007199254740993],"b":"\\u00e9\\"x","c":null,"d":true}';
  const v = pkg.parseJson(text);
  assert.equal(v.a[4], 9007199254740991);
  assert.equal(v.a[5], 9007199254740993n);
  assert.equal(v.a[6], -9007199254740993n);
  assert.equal(v.b, 'é"x');
  assert.equal(pkg.parseJson(pkg.toJson(v)).a[5], 9007199254740993n);
  assert.throws(() => pkg.parseJson('{"a":1'), pkg.SiegeError);
});

test('tables given as texts are merged over the built-in ones, as --data DIR does', async () => {
  const weapons = JSON.parse(readFileSync(join(root, 'data/weapons.json'), 'utf8'));
  const cannon = weapons.find((w) => w.id === 'cannon');
  assert.ok(cannon, 'data/weapons.json has the cannon');
  cannon.hull_damage += 3;
  const homebrew = await pkg.createSiege({ tables: { 'weapons.json': JSON.stringify(weapons) } });
  const line = { action: 'attack', structure: 'curtain-wall', weapon: 'cannon', successes: 3, seed: 1 };
  const built = siege.resolve(line);
  const brewed = homebrew.resolve(line);
  assert.equal(brewed.weapon_stats.hull_damage, built.weapon_stats.hull_damage + 3);
  await assert.rejects(pkg.createSiege({ tables: { 'weapon.json': '{}' } }), (e) => e.id === 'bad-table' && /weapons\.json/.test(e.message));
  const bad = native(['--data', join(root, 'data'), 'list', 'weapons']);
  assert.equal(bad.status, 0);
  await assert.rejects(pkg.createSiege({ tables: { 'weapons.json': '{"schema":1' } }), (e) => e instanceof pkg.SiegeError && e.id === 'bad-json');
});

test('inputs() is what help --inputs --json says of the same commands', () => {
  const mine = siege.inputs();
  const theirs = JSON.parse(native(['help', '--inputs', '--json']).stdout);
  const byName = new Map(theirs.commands.map((c) => [c.command, c]));
  assert.ok(mine.commands.length >= 30);
  for (const c of mine.commands) assert.deepEqual(c, byName.get(c.command), c.command);
  // The terminal's own commands are not in the package.
  for (const name of ['play', 'serve', 'batch']) assert.ok(!mine.commands.some((c) => c.command === name), name);
  assert.deepEqual(siege.version, JSON.parse(native(['--json', '--version']).stdout));
  assert.ok(Object.isFrozen(siege.version));
});

test('odds scene of a siege, and odds attack with a pool of 20, as the native program', () => {
  const dir = mkdtempSync(join(tmpdir(), 'siege-wasm-'));
  try {
    const made = native(['init', 'siege.json', '--from', join(root, 'examples/castle-siege.json')], { cwd: dir });
    assert.equal(made.status, 0, made.stderr);
    const state = readFileSync(join(dir, 'siege.json'), 'utf8');
    for (const scenes of ['1', '3']) {
      const want = native(['--json', '--state', 'siege.json', 'odds', 'scene', '--scenes', scenes], { cwd: dir });
      assert.equal(want.status, 0, want.stderr);
      const file = { file: 'siege.json' };
      assert.equal(siege.oddsText(`{"of":"scene","scenes":${scenes}}`, state, file), want.stdout.trim());
      assert.deepEqual(siege.odds({ of: 'scene', scenes: Number(scenes) }, pkg.parseJson(state), file), pkg.parseJson(want.stdout));
    }
    // odds scene --if: the outlook after command lines, beside today's; a
    // line refused as the command line refuses it (a scene without --seed,
    // an engine that is not there), with the same id and exit status.
    const file = { file: 'siege.json' };
    const lines = ['target --engine trebuchet --at gatehouse', '--seed 9 scene'];
    const argv = ['--json', '--state', 'siege.json', 'odds', 'scene', '--scenes', '2'];
    const want = native([...argv, ...lines.flatMap((l) => ['--if', l])], { cwd: dir });
    assert.equal(want.status, 0, want.stderr);
    const got = siege.odds({ of: 'scene', scenes: 2, if: lines }, state, file);
    assert.deepEqual(got, pkg.parseJson(want.stdout));
    assert.ok(got.today !== undefined && got.if !== undefined);
    for (const bad of ['scene', 'target --engine catapult --at gatehouse', 'status']) {
      const refused = native([...argv, '--if', bad], { cwd: dir });
      const err = JSON.parse(refused.stdout).error;
      assert.throws(
        () => siege.odds({ of: 'scene', scenes: 2, if: [bad] }, state, file),
        (e) => e instanceof pkg.SiegeError && e.id === err.id && e.exit === err.code && e.input === 'if',
        bad,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const want = native(['--json', 'odds', 'attack', '--structure', 'curtain-wall', '--weapon', 'cannon', '--pool', '20']);
  assert.equal(siege.oddsText('{"of":"attack","structure":"curtain-wall","weapon":"cannon","pool":20}'), want.stdout.trim());
});

test('an out-of-memory says so, the module goes on, and a new module works', async () => {
  const small = await pkg.createSiege();
  // Twice 600 MiB of UTF-8 cannot both be copied into a module of at most 1 GiB.
  const big = '\u00e9'.repeat(300 << 20);
  assert.throws(() => small.applyText(big, big), (e) => e instanceof pkg.SiegeError && e.id === 'out-of-memory' && e.exit === 6);
  assert.equal(small.resolve({ ...attack, seed: 3 }).seed, 3);
  const fresh = await pkg.createSiege();
  assert.equal(fresh.resolve({ ...attack, seed: 3 }).seed, 3);
});

test('command(): status, log and undo on a siege, as the native program prints and writes them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'siege-wasm-'));
  try {
    assert.equal(native(['init', 'siege.json', '--from', join(root, 'examples/castle-siege.json')], { cwd: dir }).status, 0);
    assert.equal(native(['--state', 'siege.json', '--seed', '5', 'scene'], { cwd: dir }).status, 0);
    const state = readFileSync(join(dir, 'siege.json'), 'utf8');
    const file = { file: 'siege.json' };
    for (const words of ['status', 'log']) {
      const want = native(['--json', '--state', 'siege.json', ...words.split(' ')], { cwd: dir });
      const got = siege.commandText(words, '{}', state, file);
      assert.equal(got.outcome, want.stdout.trim(), words);
      assert.equal(got.state, state, `${words} leaves the file as it was`);
    }
    const undone = siege.commandText('undo', '{}', state, file);
    const want = native(['--json', '--state', 'siege.json', 'undo'], { cwd: dir });
    assert.equal(undone.outcome, want.stdout.trim());
    assert.equal(undone.state, readFileSync(join(dir, 'siege.json'), 'utf8'));
    assert.deepEqual(siege.command('list', { table: 'charges' }).outcome, JSON.parse(native(['--json', 'list', 'charges']).stdout));
    assert.throws(() => siege.command('attack', {}), (e) => e.id === 'not-a-command');
    assert.throws(() => siege.command('stauts'), (e) => e.id === 'unknown-command' && /did you mean status/.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
