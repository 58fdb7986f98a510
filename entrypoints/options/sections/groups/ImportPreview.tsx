import { plural, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { differenceText } from './difference-text';
import type { RowPlace, RowProblem } from '@/lib/user-groups/transfer/row-problems';
import type { ImportPreview as Preview } from '@/lib/user-groups/transfer/import-merge';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { describeGroup } from './describe-group';

/** Long lists are cut here; the counts above them are always complete. */
const SHOWN = 500;

const describe = (entry: RegistryEntry) => describeGroup(entry.name, entry.environment, entry.provided_id);

function More({ total }: { total: number }) {
  return total > SHOWN ? <li className="hint">{plural('optionsListMore', total - SHOWN)}</li> : null;
}

/** "Line 4:" or "Entry 2:" (a line number is not grouped: "Line 1234:"). */
const placeText = ({ kind, position }: RowPlace) =>
  kind === 'line' ? t('fileProblemLine', String(position)) : t('fileProblemEntry', String(position));

export function ProblemList({ problems, label }: { problems: readonly RowProblem[]; label: string }) {
  if (problems.length === 0) return null;
  return (
    <ul aria-label={label} className="preview-list">
      {problems.slice(0, SHOWN).map((problem) => (
        <li key={`${problem.where.kind}${problem.where.position}`}>
          <strong>{placeText(problem.where)}</strong> {messageText(problem.reason)}
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
      <h4 id="import-preview-heading">{t('importPreviewHeading', fileName)}</h4>
      <p aria-label={t('importSummary')}>
        {t('importCounts', added.length, changed.length, unchanged, invalid.length)}
      </p>
      {changed.length > 0 && (
        <>
          <h5>{t('importWouldChange')}</h5>
          <ul aria-label={t('importWouldChangeList')} className="preview-list">
            {changed.slice(0, SHOWN).map((change) => (
              <li key={`${change.entry.environment}:${change.entry.provided_id}`}>
                {t('importChangedRow', describe(change.previous), change.differences.map(differenceText).join('; '))}
              </li>
            ))}
            <More total={changed.length} />
          </ul>
        </>
      )}
      {added.length > 0 && (
        <details>
          <summary>{t('importNewGroupsSummary', added.length)}</summary>
          <ul aria-label={t('importNewGroupsList')} className="preview-list">
            {added.slice(0, SHOWN).map(({ entry }) => (
              <li key={`${entry.environment}:${entry.provided_id}`}>{describe(entry)}</li>
            ))}
            <More total={added.length} />
          </ul>
        </details>
      )}
      {invalid.length > 0 && (
        <>
          <h5>{t('importInvalidHeading')}</h5>
          <ProblemList problems={invalid} label={t('optionsInvalidRows')} />
        </>
      )}
    </div>
  );
}
