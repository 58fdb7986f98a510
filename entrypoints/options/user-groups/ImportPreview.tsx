import type { RowProblem } from '@/lib/user-groups/import-csv';
import type { ImportPreview as Preview } from '@/lib/user-groups/import-merge';
import type { RegistryEntry } from '@/lib/user-groups/registry-schema';

/** Long lists are cut here; the counts above them are always complete. */
const SHOWN = 500;

const describe = (entry: RegistryEntry) => `“${entry.name}” (${entry.environment}, ID ${entry.provided_id})`;

function More({ total }: { total: number }) {
  return total > SHOWN ? <li className="hint">…and {(total - SHOWN).toLocaleString()} more.</li> : null;
}

export function ProblemList({ problems, label }: { problems: readonly RowProblem[]; label: string }) {
  if (problems.length === 0) return null;
  return (
    <ul aria-label={label} className="preview-list">
      {problems.slice(0, SHOWN).map((problem) => (
        <li key={problem.where}>
          <strong>{problem.where[0]?.toUpperCase() + problem.where.slice(1)}:</strong> {problem.reason}
        </li>
      ))}
      <More total={problems.length} />
    </ul>
  );
}

/** What an import would do, before anything is written. */
export function ImportPreview({ fileName, preview }: { fileName: string; preview: Preview }) {
  const { added, changed, unchanged, invalid } = preview;
  return (
    <div role="group" className="preview" aria-labelledby="import-preview-heading">
      <h4 id="import-preview-heading">Import preview: {fileName}</h4>
      <p aria-label="Import summary">
        {added.length.toLocaleString()} new, {changed.length.toLocaleString()} changed, {unchanged.toLocaleString()} unchanged,{' '}
        {invalid.length.toLocaleString()} invalid
      </p>
      {changed.length > 0 && (
        <>
          <h5>Would change</h5>
          <ul aria-label="Groups that would change" className="preview-list">
            {changed.slice(0, SHOWN).map((change) => (
              <li key={`${change.entry.environment}:${change.entry.provided_id}`}>
                {describe(change.previous)}: {change.differences.join('; ')}
              </li>
            ))}
            <More total={changed.length} />
          </ul>
        </>
      )}
      {added.length > 0 && (
        <details>
          <summary>New groups ({added.length.toLocaleString()})</summary>
          <ul aria-label="New groups" className="preview-list">
            {added.slice(0, SHOWN).map(({ entry }) => (
              <li key={`${entry.environment}:${entry.provided_id}`}>{describe(entry)}</li>
            ))}
            <More total={added.length} />
          </ul>
        </details>
      )}
      {invalid.length > 0 && (
        <>
          <h5>Invalid rows (not imported)</h5>
          <ProblemList problems={invalid} label="Invalid rows" />
        </>
      )}
    </div>
  );
}
