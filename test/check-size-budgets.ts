// Part of `npm test`: the production builds must stay within the size budgets (sizes are asserted,
// timings never are: they depend on the machine).
import { GZIP_BUDGETS, kb, measureBuild } from './bench/bundle-sizes.ts';

let failed = false;
for (const build of ['.output/chrome-mv3', '.output/firefox-mv3']) {
  for (const size of measureBuild(build)) {
    const budget = GZIP_BUDGETS[size.entry];
    const verdict = budget === undefined ? '' : size.gzip <= budget ? `within ${kb(budget)}` : `OVER ${kb(budget)}`;
    if (budget !== undefined && size.gzip > budget) failed = true;
    console.log(
      `${build.padEnd(22)} ${size.entry.padEnd(11)} ${kb(size.raw).padStart(9)} raw ${kb(size.gzip).padStart(9)} gzip  ${verdict}`,
    );
  }
}
if (failed) {
  console.error('A bundle is over its gzip budget (issue 7). Look at what it imports: `wxt build --analyze`.');
  process.exit(1);
}
