import { parseArgs } from 'node:util';
import { formatReport, passed } from './report.ts';
import { runChaos } from './runner.ts';

// npm run chaos -- --seed N --steps K [--check-every M]: builds the e2e extension (package.json), then
// runs this. Exits 1 on any invariant violation or step that could not be carried out.

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    steps: { type: 'string', default: '200' },
    'check-every': { type: 'string', default: '1' },
  },
});

function integer(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a non-negative integer, not ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}

const seed = integer('seed', values.seed, Math.floor(Math.random() * 2 ** 31));
const steps = integer('steps', values.steps, 200);
const report = await runChaos({ seed, steps, checkEvery: integer('check-every', values['check-every'], 1) });
console.log(`\n${formatReport(report)}`);
if (!passed(report)) {
  console.log(`\nFAILED. Replay this seed: ${report.replay}`);
  process.exit(1);
}
