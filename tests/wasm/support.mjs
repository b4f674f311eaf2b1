// What the package's node tests share: the package and the native program
// they are held to, the corpus, and a command line turned into a batch line
// by the command objects' own declarations (inputs()).
//
// Environment: SIEGE_NPM (the package's folder, build/wasm/npm) and
// SIEGE_BIN (the native program, build/release/siege).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const npm = resolve(process.env.SIEGE_NPM ?? join(root, 'build/wasm/npm'));
export const bin = resolve(process.env.SIEGE_BIN ?? join(root, 'build/release/siege'));
export const pkg = await import(pathToFileURL(join(npm, 'index.mjs')).href);

// The native program run in `cwd` with `argv` (and `stdin`): { status, stdout, stderr }.
export function native(argv, { cwd = root, stdin = '' } = {}) {
  const r = spawnSync(bin, argv, {
    cwd,
    input: stdin,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, LC_ALL: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1' },
    maxBuffer: 64 << 20,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export const cases = readFileSync(join(root, 'tests/corpus/cases.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l));

export const expected = new Map(
  gunzipSync(readFileSync(join(root, 'tests/corpus/expected.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l))
    .map((e) => [e.name, e]),
);

// The declarations, by command name ("attack", "odds scene").
export function declarations(siege) {
  const out = new Map();
  for (const c of siege.inputs().commands) out.set(c.command, c);
  return out;
}

// A command line (the words after `siege`) as the package takes it, or null
// when it is not one: { kind: 'action' | 'odds', command, line (object),
// state (the --state file or null), seed (a string or null) }. Options
// become keys by the command's declaration: a number's text its number, a
// flag true, a texts input given again a list, positional words their keys.
// Anything the declaration does not name, a global option other than
// --json, --seed, --state and --format json, or a number that is not
// plainly one, makes it not one (null).
export function toLine(argv, decl) {
  let state = null;
  let seed = null;
  const words = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--json') continue;
    if (w === '--seed' || w === '--state' || w === '--format') {
      if (i + 1 >= argv.length) return null;
      const v = argv[++i];
      if (w === '--seed') seed = v;
      else if (w === '--state') state = v;
      else if (v !== 'json') return null;
      continue;
    }
    if (w.startsWith('--seed=') || w.startsWith('--state=') || w.startsWith('--format=')) return null;
    words.push(w);
  }
  if (words.length === 0) return null;
  let command = words.shift();
  let kind = 'action';
  if (command === 'odds') {
    if (words.length === 0) return null;
    command = `odds ${words.shift()}`;
    kind = 'odds';
  }
  const c = decl.get(command);
  if (c === undefined || (kind === 'action' && !c.logged)) return null;
  const byName = new Map();
  const positional = [];
  for (const input of c.inputs) {
    byName.set(`--${input.key}`, input);
    if (input.also) byName.set(input.also, input);
    if (input.positional) positional.push(input);
  }
  const line = {};
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    let input;
    let value;
    if (w.startsWith('-') && w !== '-' && !/^-\d/.test(w)) {
      const eq = w.indexOf('=');
      const name = eq > 0 && w.startsWith('--') ? w.slice(0, eq) : w;
      input = byName.get(name);
      if (input === undefined) return null;
      if (input.kind === 'flag') {
        if (eq > 0) return null;
        value = true;
      } else if (eq > 0) {
        value = w.slice(eq + 1);
      } else {
        if (i + 1 >= words.length) return null;
        value = words[++i];
      }
    } else {
      input = positional.shift();
      if (input === undefined) return null;
      value = w;
    }
    if (input.kind === 'number') {
      if (!/^-?(0|[1-9]\d{0,8})$/.test(value)) return null;
      value = Number(value);
    }
    if (input.kind === 'texts') {
      line[input.key] = [...(line[input.key] ?? []), value];
      continue;
    }
    if (input.key in line) return null;
    line[input.key] = value;
  }
  if (kind === 'odds') return { kind, command, line: { of: command.slice(5), ...line }, state, seed };
  return { kind, command, line: { action: command, ...line }, state, seed };
}

// A case without a seed of its own gets this one, on both sides alike.
export const fixedSeed = '424242';

// What the package says to `line`: { ok: text } or { error: { id, exit } }.
export function ask(fn) {
  try {
    return { ok: fn() };
  } catch (e) {
    if (!(e instanceof pkg.SiegeError)) throw new Error(`not a SiegeError: ${e}`, { cause: e });
    return { error: { id: e.id, exit: e.exit } };
  }
}

// What the native program says, in the same shape. A number past its
// bounds is "bad-number" on the command line and "bad-json" in a JSON line
// (batch's, the package's): the one id both are written as here.
export function nativeAnswer(r) {
  const out = r.stdout.replace(/\n$/, '');
  if (r.status === 0) return { ok: out };
  const err = JSON.parse(out.split('\n').pop()).error;
  return { error: { id: err.id === 'bad-number' ? 'bad-json' : err.id, exit: err.code } };
}

// What native batch writes for one line, in the same shape (its "line" key taken out).
export function batchAnswer(line) {
  const r = native(['batch'], { stdin: line + '\n' });
  const out = JSON.parse(r.stdout);
  if (out.error) return { error: { id: out.error.id, exit: out.error.code } };
  return { ok: r.stdout.trim().replace(/^\{"line":1,/, '{') };
}

export function writeFiles(dir, files) {
  for (const [path, text] of Object.entries(files ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
