/*
 * Preflight of every npm script (package.json): stops at once, with the fix, when this Node is older
 * than package.json's "engines.node". Without it an old Node fails later and obscurely
 * (`Map.groupBy is not a function`, `ERR_UNKNOWN_FILE_EXTENSION ".ts"`). `.npmrc`'s engine-strict does
 * the same for `npm install` / `npm ci`. Tested in test/unit/tooling/node-preflight.test.ts.
 * It must itself run on any old Node: plain CommonJS and ES5 syntax only.
 */
'use strict';

var path = require('path');

function parts(version) {
  return String(version)
    .replace(/^v/, '')
    .split('.')
    .map(function (part) {
      return parseInt(part, 10) || 0;
    });
}

/** True when version a >= version b, both as [major, minor, patch]. */
function atLeast(a, b) {
  for (var i = 0; i < 3; i++) {
    if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) > (b[i] || 0);
  }
  return true;
}

/** Null when `version` satisfies `range` (only ">=X.Y.Z" forms), else the message to print. */
function problem(version, range, execPath) {
  var wanted = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range);
  if (!wanted) return 'scripts/check-node.cjs understands only ">=X.Y" in engines.node, not "' + range + '"';
  if (atLeast(parts(version), parts(wanted[1]))) return null;
  return [
    '',
    'Review Companion needs Node.js ' + range + ', but this is Node ' + version + ' (' + execPath + ').',
    '',
    'Fix, from the repository root, in this terminal:',
    '  source .ci/provision    (in sh/dash: . .ci/provision)',
    '      installs Node 24 from the npm registry into .node/ and puts it first on PATH, for this',
    '      terminal only: run it again in each new terminal. (It also installs the browsers the',
    '      end-to-end tests need, chromium and firefox-esr, with apt-get when they are missing.)',
    'or install Node ' + range + ' yourself (.nvmrc says 24: `nvm install`, fnm, nodejs.org, a package manager).',
    'Then check `node -v` and run the command again.',
    '',
  ].join('\n');
}

module.exports = { problem: problem };

if (require.main === module) {
  var range = require(path.join(__dirname, '..', 'package.json')).engines.node;
  var message = problem(process.versions.node, range, process.execPath);
  if (message !== null) {
    console.error(message);
    process.exit(1);
  }
}
