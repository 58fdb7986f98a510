// Lints the Firefox build with web-ext: no errors, and no warnings except the two that react-dom's
// own code causes in each page bundle that includes it (it assigns innerHTML in its DOM setup; our code
// never does, and ESLint forbids it). Each page is built on its own, so the popup and options have one each.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface LintMessage {
  code: string;
  file?: string;
  message: string;
}
interface LintReport {
  summary: Record<string, number>;
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

const sourceDir = process.argv[2] ?? '.output/firefox-mv3';
const output = execFileSync(
  'npx',
  ['web-ext', 'lint', '--source-dir', sourceDir, '--no-config-discovery', '--output', 'json'],
  {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  },
);
const report = JSON.parse(output) as LintReport;

const fromReactDom = (warning: LintMessage) =>
  warning.code === 'UNSAFE_VAR_ASSIGNMENT' &&
  warning.file !== undefined &&
  readFileSync(join(sourceDir, warning.file), 'utf8').includes('react-dom');
const REACT_DOM_WARNINGS_PER_FILE = 2;
const reactDomWarnings = report.warnings.filter(fromReactDom);
const perFile = Map.groupBy(reactDomWarnings, (warning) => warning.file);
const tooMany = [...perFile.values()].flatMap((warnings) => warnings.slice(REACT_DOM_WARNINGS_PER_FILE));
const unexpected = [
  ...report.errors,
  ...report.warnings.filter((warning) => !reactDomWarnings.includes(warning)),
  ...tooMany,
];

console.log(
  `web-ext lint ${sourceDir}: ${report.errors.length} errors, ${report.warnings.length} warnings (${reactDomWarnings.length} from react-dom), ${report.notices.length} notices`,
);
for (const problem of unexpected) console.log(`  ${problem.code} ${problem.file ?? ''}: ${problem.message}`);
if (unexpected.length > 0) process.exit(1);
