// siege-rules: the siege rules adjudicator's command objects, in
// WebAssembly, for a virtual tabletop or a bot (README.md; the types are in
// index.d.ts). Every call runs what `siege` runs for the same question, so
// the outcomes, the numbers and, for a seed, the dice are the program's.
//
// Seeds are whole numbers from 0 to 2^64 - 1, and a JavaScript number is
// exact only up to 2^53 - 1 (Number.MAX_SAFE_INTEGER). So: what the package
// returns holds every whole number past that as a BigInt (parsed from the
// JSON text, never through a Number); what it is given may hold BigInts; and
// a Number that is a whole number past 2^53 - 1 is refused (error id
// "inexact-number"), as it may already have lost digits. The *Text methods
// take and give JSON texts, byte for byte as the program writes them.
import createSiegeCore from './siege-core.mjs';

// An error of the rules or of an input, as the program's JSON error object
// has it: `id` (a stable word), `exit` (the program's exit status), the
// one-line `message`, the `input` it names (when one), and `errors` (every
// error of a description, when several).
export class SiegeError extends Error {
  constructor({ id, code, message, input, errors }) {
    super(message);
    this.name = 'SiegeError';
    this.id = id;
    this.exit = code;
    if (input !== undefined) this.input = input;
    if (errors !== undefined) this.errors = errors;
  }
}

const safe = Number.MAX_SAFE_INTEGER;

// JSON text -> value, whole numbers past 2^53 - 1 as BigInt.
export function parseJson(text) {
  let i = 0;
  const fail = () => {
    throw new SiegeError({ id: 'bad-json', code: 6, message: `the package could not read its own JSON at ${i}` });
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const out = {};
      ws();
      if (text[i] === '}') return i++, out;
      for (;;) {
        ws();
        const k = string();
        ws();
        if (text[i++] !== ':') fail();
        out[k] = value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i++] === '}') return out;
        else fail();
      }
    }
    if (c === '[') {
      i++;
      const out = [];
      ws();
      if (text[i] === ']') return i++, out;
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i++] === ']') return out;
        else fail();
      }
    }
    if (c === '"') return string();
    const m = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m !== null) {
      i += m[0].length;
      if (m[1] === undefined && m[2] === undefined) {
        const n = Number(m[0]);
        return Number.isSafeInteger(n) ? n : BigInt(m[0]);
      }
      return Number(m[0]);
    }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]])
      if (text.startsWith(word, i)) return (i += word.length), v;
    return fail();
  };
  const string = () => {
    if (text[i] !== '"') fail();
    let j = i + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    const s = JSON.parse(text.slice(i, j + 1));
    i = j + 1;
    return s;
  };
  const v = value();
  ws();
  if (i !== text.length) fail();
  return v;
}

// Value -> JSON text: a BigInt as its digits; a Number that is a whole
// number past 2^53 - 1 refused.
export function toJson(value, at = '') {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) > safe)
      throw new SiegeError({
        id: 'inexact-number',
        code: 2,
        message: `${at || '/'}: ${value} is past 2^53 - 1, where a JavaScript number loses digits: give it as a BigInt (${value}n is not exact either: write its digits)`,
        input: at.slice(1),
      });
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return '[' + value.map((v, k) => toJson(v, `${at}/${k}`)).join(',') + ']';
  if (value !== null && typeof value === 'object') {
    const parts = [];
    for (const [k, v] of Object.entries(value))
      if (v !== undefined) parts.push(JSON.stringify(k) + ':' + toJson(v, `${at}/${k}`));
    return '{' + parts.join(',') + '}';
  }
  return JSON.stringify(value);
}

const asText = (v) => (typeof v === 'string' ? v : toJson(v));

class Siege {
  #core;
  #broken = null;

  constructor(core) {
    this.#core = core;
    this.version = Object.freeze(parseJson(core.UTF8ToString(core._siege_version())));
  }

  // Calls an entry point of src/wasm/api.hpp with string arguments; returns
  // its outputs, or throws its error as a SiegeError.
  #call(name, ...texts) {
    if (this.#broken !== null)
      throw new SiegeError({
        id: 'module-broken',
        code: 6,
        message: `this siege module stopped (${this.#broken}): make a new one with createSiege()`,
      });
    const core = this.#core;
    const ptrs = [];
    try {
      for (const t of texts) {
        const n = core.lengthBytesUTF8(t) + 1;
        const p = core._malloc(n);
        if (p === 0) throw new SiegeError({ id: 'out-of-memory', code: 6, message: 'out of memory' });
        ptrs.push(p);
        core.stringToUTF8(t, p, n);
      }
      const status = core[`_siege_${name}`](...ptrs);
      const out = core.UTF8ToString(core._siege_output(0));
      if (status === 0) return [out, core.UTF8ToString(core._siege_output(1))];
      if (out === '') throw new SiegeError({ id: 'out-of-memory', code: status, message: 'out of memory' });
      const failed = parseJson(out);
      throw new SiegeError(failed.error ?? { id: 'failed', code: status, message: out });
    } catch (e) {
      // A trap of the WebAssembly (an abort, memory past its limit) leaves
      // the module in no state to go on: every later call says so.
      if (e instanceof WebAssembly.RuntimeError) {
        this.#broken = e.message;
        throw new SiegeError({
          id: /memory/i.test(e.message) ? 'out-of-memory' : 'internal',
          code: 6,
          message: `the module stopped: ${e.message}; make a new one with createSiege()`,
        });
      }
      throw e;
    } finally {
      for (const p of ptrs) core._free(p);
    }
  }

  // A batch line in (an object, or its JSON text), the outcome `siege
  // batch` writes for it out (without "line").
  resolve(line) {
    return parseJson(this.resolveText(asText(line)));
  }
  resolveText(lineText) {
    return this.#call('resolve', lineText)[0];
  }

  // An action on a siege (the state file's object, or its text), logged as
  // the command line logs it: { state, outcome }. `file`: the name the
  // outcome's hints give the state file (default "siege.json"), as
  // `siege --state FILE` would.
  apply(state, line, { file = '' } = {}) {
    const r = this.applyText(asText(state), asText(line), { file });
    return { state: parseJson(r.state), outcome: parseJson(r.outcome) };
  }
  applyText(stateText, lineText, { file = '' } = {}) {
    const [outcome, state] = this.#call('apply', stateText, lineText, file);
    return { state, outcome };
  }

  // `siege --json odds OF ...`: { of: "attack", ...inputs }; `state` (an
  // object or text) for { of: "scene" }, named `file` as in apply.
  odds(request, state, { file = '' } = {}) {
    return parseJson(this.oddsText(asText(request), state === undefined ? '' : asText(state), { file }));
  }
  oddsText(requestText, stateText = '', { file = '' } = {}) {
    return this.#call('odds', requestText, stateText, file)[0];
  }

  // Any command that is not an action ("status", "log", "undo", "list",
  // "odds scene"), as `siege --json WORDS ...` prints it: its `inputs`
  // keyed as its options; with a `state`, on that siege: { outcome, state }
  // (the state file after it: undo and redo change it).
  command(words, inputs = {}, state, { file = '' } = {}) {
    const r = this.commandText(words, asText(inputs), state === undefined ? '' : asText(state), { file });
    return { outcome: parseJson(r.outcome), ...(r.state === '' ? {} : { state: parseJson(r.state) }) };
  }
  commandText(words, inputsText = '{}', stateText = '', { file = '' } = {}) {
    const [outcome, state] = this.#call('command', words, inputsText, stateText, file);
    return { outcome, state };
  }

  // Table files' texts over the built-in tables (createSiege's `tables`):
  // { "weapons.json": "<the file's text>", ... }; {} for the built-in alone.
  useTables(tables) {
    this.#call('configure', typeof tables === 'string' ? tables : toJson(tables));
  }

  // Every command's inputs, as `siege help --inputs --json` gives them.
  inputs() {
    return parseJson(this.#call('inputs')[0]);
  }
}

// A new siege module. `tables`: table files' texts over the built-in
// tables, as `siege --data DIR` merges them ({ "weapons.json": text, ... }).
export async function createSiege({ tables } = {}) {
  const core = await createSiegeCore();
  const siege = new Siege(core);
  if (tables !== undefined) siege.useTables(tables);
  return siege;
}

export default createSiege;
