// Writes the npm package's package.json and index.d.ts (cmake/wasm.cmake
// runs it once the module is built):
//
//   node tools/wasm-package.mjs NPM_DIR VERSION
//
// index.d.ts is written from the command objects' declarations as the
// module itself reports them (inputs(), what `siege help --inputs --json`
// gives): every action as a typed batch line, every odds question as a
// typed request, choices as string unions. Nothing in it is written by hand
// but the API's shape, below.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, version] = process.argv.slice(2);
if (!dir || !version) {
  console.error('usage: node tools/wasm-package.mjs NPM_DIR VERSION');
  process.exit(2);
}
const { createSiege } = await import(pathToFileURL(join(dir, 'index.mjs')).href);
const siege = await createSiege();
if (siege.version.version !== version) {
  console.error(`wasm-package: the module says version ${siege.version.version}, the build ${version}`);
  process.exit(1);
}
const { commands } = siege.inputs();

const pascal = (name) =>
  name
    .split(/[ -]/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
const quote = (s) => JSON.stringify(s);
const comment = (text, indent = '  ') => `${indent}/** ${text.replace(/\*\//g, '* /')} */\n`;

function typeOf(input) {
  const choices = input.choices ? input.choices.map(quote).join(' | ') : 'string';
  switch (input.kind) {
    case 'number':
      return 'number';
    case 'flag':
      return 'boolean';
    case 'texts':
      return input.choices ? `Array<${choices}>` : 'string[]';
    default:
      return choices;
  }
}

function fields(c) {
  let out = '';
  for (const input of c.inputs) {
    let help = input.help;
    if (input.min !== undefined) help += ` (${input.min} to ${input.max})`;
    if (input.default !== undefined) help += `; default ${JSON.stringify(input.default)}`;
    if (input.required_unless) help += `; needed unless ${input.required_unless.join(' or ')} is given`;
    if (input.required_without_state) help += '; needed without a state';
    out += comment(help);
    const required = input.required && !input.required_unless;
    out += `  ${quote(input.key)}${required ? '' : '?'}: ${typeOf(input)};\n`;
  }
  return out;
}

let lines = '';
let requests = '';
const actionNames = [];
const oddsNames = [];
for (const c of commands) {
  if (c.logged) {
    const name = `${pascal(c.command)}Line`;
    actionNames.push(name);
    lines += comment(`${c.summary}${c.needs_state ? ' (apply() only: it acts on a siege)' : ''}`, '');
    lines += `export interface ${name} {\n  action: ${quote(c.command)};\n`;
    lines += comment('The seed of every roll: a whole number, 0 to 2^64 - 1 (past 2^53 - 1, a BigInt)');
    lines += `  seed?: Seed;\n${fields(c)}}\n\n`;
  } else if (c.command.startsWith('odds ')) {
    const of = c.command.slice(5);
    const name = `Odds${pascal(of)}Request`;
    oddsNames.push(name);
    requests += comment(c.summary, '');
    requests += `export interface ${name} {\n  of: ${quote(of)};\n${fields(c)}}\n\n`;
  }
}

const dts = `// siege-rules ${version}: written by tools/wasm-package.mjs from the command
// objects' declarations. Do not edit.

/** A seed: 0 to 2^64 - 1. A number past 2^53 - 1 must be a BigInt (a Number there is refused). */
export type Seed = number | bigint;

/** A JSON value as the package returns it: whole numbers past 2^53 - 1 are BigInts. */
export type Json = null | boolean | number | bigint | string | Json[] | { [key: string]: Json };

/** An error of the rules or of an input, as the program's JSON error object has it. */
export declare class SiegeError extends Error {
  /** A stable word for the kind of error ("unknown-structure", "out-of-memory"). */
  id: string;
  /** The exit status the command line gives it (2 usage, 3 rules, 4 state, 5 output, 6 internal). */
  exit: number;
  /** The input it names, when one. */
  input?: string;
  /** Every error of a description, when there are several. */
  errors?: Array<{ id: string; message: string; pointer: string }>;
}

${lines}/** A batch line: one action, keyed as its options are. */
export type ActionLine =
${actionNames.map((n) => `  | ${n}`).join('\n')};

${requests}/** An odds question: \`of\` names it, the rest are its inputs. */
export type OddsRequest =
${oddsNames.map((n) => `  | ${n}`).join('\n')};

/** The name a state file goes by in hints and outcomes, as \`siege --state FILE\` names it (a plain name). */
export interface FileOption {
  file?: string;
}

export interface Siege {
  /** The version, as \`siege --json --version\` prints it: { schema: 1, action: "version", version: "0.1.0" }. */
  readonly version: { readonly schema: number; readonly action: 'version'; readonly version: string };
  /** One batch line (an object or its JSON text): the outcome \`siege batch\` writes for it, without "line". */
  resolve(line: ActionLine | string): { [key: string]: Json };
  /** The same, JSON text in and out, byte for byte as the program writes it. */
  resolveText(lineText: string): string;
  /**
   * One action on a siege (the state file's object or text), logged as the command line logs it.
   * \`file\`: the name the outcome's hints give the state file (default "siege.json").
   */
  apply(state: object | string, line: ActionLine | string, options?: FileOption): { state: { [key: string]: Json }; outcome: { [key: string]: Json } };
  /** The same with texts. */
  applyText(stateText: string, lineText: string, options?: FileOption): { state: string; outcome: string };
  /** What \`siege --json odds OF ...\` prints; \`state\` for { of: "scene" }. */
  odds(request: OddsRequest | string, state?: object | string, options?: FileOption): { [key: string]: Json };
  /** The same with texts. */
  oddsText(requestText: string, stateText?: string, options?: FileOption): string;
  /**
   * Any command that is not an action ("status", "log", "undo", "list", "odds scene"), as
   * \`siege --json WORDS ...\` prints it, with its inputs; with a state, on that siege, and the state after it.
   */
  command(words: string, inputs?: { [key: string]: Json } | string, state?: object | string, options?: FileOption): { outcome: Json; state?: { [key: string]: Json } };
  /** The same with texts. */
  commandText(words: string, inputsText?: string, stateText?: string, options?: FileOption): { outcome: string; state: string };
  /** Table files' texts over the built-in tables, as \`siege --data DIR\` merges them. */
  useTables(tables: { [file: string]: string } | string): void;
  /** Every command's inputs, as \`siege help --inputs --json\` gives them. */
  inputs(): { [key: string]: Json };
}

/** A new module: the built-in tables, or table files' texts over them ({ "weapons.json": text }). */
export declare function createSiege(options?: { tables?: { [file: string]: string } }): Promise<Siege>;
export default createSiege;

/** JSON text to a value, whole numbers past 2^53 - 1 as BigInts. */
export declare function parseJson(text: string): Json;
/** A value to JSON text, BigInts as their digits; a Number past 2^53 - 1 is refused. */
export declare function toJson(value: unknown): string;
`;
writeFileSync(join(dir, 'index.d.ts'), dts);

const pkg = {
  name: 'siege-rules',
  version,
  description: 'The siege rules adjudicator in WebAssembly: exact odds, dice and state for virtual tabletops and bots',
  license: 'MIT',
  type: 'module',
  main: './index.mjs',
  types: './index.d.ts',
  exports: { '.': { types: './index.d.ts', import: './index.mjs', default: './index.mjs' } },
  files: ['index.mjs', 'index.d.ts', 'siege-core.mjs', 'README.md', 'LICENSE'],
  engines: { node: '>=18' },
  sideEffects: false,
};
writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
