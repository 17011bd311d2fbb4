// Copies each game's how-to-play page (docs/rules/<game>.how-to-play.md, our own
// words, not the rulebooks) into dist/rules/, so the front end can show it offline.
//   node tools/copy-rules.mjs [DIST]     (default web/dist)
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const source = join(web, '..', 'docs', 'rules');
const target = join(resolve(process.argv[2] ?? join(web, 'dist')), 'rules');
mkdirSync(target, { recursive: true });
for (const name of readdirSync(source)) {
  if (name.endsWith('.how-to-play.md')) copyFileSync(join(source, name), join(target, name));
}
