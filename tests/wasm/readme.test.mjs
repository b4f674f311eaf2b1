// The README's macro for a tabletop, and the package README's, run as they
// are written (the import pointed at the built package): each says what it
// promises in chat.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { npm, root } from './support.mjs';

for (const readme of ['README.md', 'src/wasm/js/README.md']) {
  test(`the macro of ${readme} runs and chats its three lines`, async () => {
    const text = readFileSync(join(root, readme), 'utf8');
    const m = /```js\n([\s\S]*?)```/.exec(text);
    assert.ok(m, `${readme} has a js block`);
    const code = m[1].replace("from 'siege-rules'", `from ${JSON.stringify(pathToFileURL(join(npm, 'index.mjs')).href)}`);
    const dir = mkdtempSync(join(tmpdir(), 'siege-macro-'));
    try {
      const file = join(dir, 'macro.mjs');
      writeFileSync(file, `export const said = [];\nconst chat = (s) => said.push(s);\n${code}`);
      const { said } = await import(pathToFileURL(file).href);
      assert.equal(said.length, 3, said.join('\n'));
      assert.match(said[0], /^Cannon: -?\d+ successes, \d+ Hull, the wall is (intact|cracked|breached)$/);
      assert.match(said[1], /^Chance the wall cracks: \d+\.\d% \(exactly \d+\/\d+\)$/);
      assert.match(said[2], /^unknown-id: .*did you mean curtain-wall/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
