import type { ReactNode } from 'react';
import { plural, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { differenceText, keptText } from './difference-text';
import type { RowPlace, RowProblem } from '@/lib/user-groups/transfer/row-problems';
import type { ImportPreview as Preview } from '@/lib/user-groups/transfer/import-merge';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { CutList } from '../../shared/CutList';
import { describeGroup } from './describe-group';

const describe = (entry: RegistryEntry) => describeGroup(entry.name, entry.environment, entry.provided_id);
const entryKey = (entry: RegistryEntry) => `${entry.environment}:${entry.provided_id}`;

/** "Line 4:" or "Entry 2:" (a line number is not grouped: "Line 1234:"). */
const placeText = ({ kind, position }: RowPlace) =>
  kind === 'line' ? t('fileProblemLine', String(position)) : t('fileProblemEntry', String(position));

export function ProblemList({ problems, label }: { problems: readonly RowProblem[]; label: string }) {
  if (problems.length === 0) return null;
  return (
    <CutList
      items={problems}
      itemKey={(problem) => `${problem.where.kind}${problem.where.position}`}
      label={label}
      render={(problem) => (
        <>
          <strong>{placeText(problem.where)}</strong> {messageText(problem.reason)}
        </>
      )}
    />
  );
}

/**
 * What an import would do, before anything is written. Groups whose live token is newer (or of an age
 * that cannot be compared) are listed apart, each saying which token is newer; `keptChoice` (the
 * separate choice to replace them anyway) follows that list.
 */
export function ImportPreview({
  fileName,
  preview,
  keptChoice,
}: {
  fileName: string;
  preview: Preview;
  keptChoice?: ReactNode;
}) {
  const { added, changed, kept, unchanged, invalid } = preview;
  return (
    <div role="group" className="preview" aria-labelledby="import-preview-heading">
      <h4 id="import-preview-heading">{t('importPreviewHeading', fileName)}</h4>
      <p aria-label={t('importSummary')}>
        {t(
          'importCounts',
          plural('importCountNew', added.length),
          plural('importCountChanged', changed.length),
          plural('importCountUnchanged', unchanged),
          plural('importCountInvalid', invalid.length),
        )}
      </p>
      {kept.length > 0 && <p>{plural('importKeptCount', kept.length)}</p>}
      {changed.length > 0 && (
        <>
          <h5>{t('importWouldChange')}</h5>
          <CutList
            items={changed}
            itemKey={(change) => entryKey(change.entry)}
            label={t('importWouldChangeList')}
            render={(change) =>
              t('importChangedRow', describe(change.previous), change.differences.map(differenceText).join('; '))
            }
          />
        </>
      )}
      {kept.length > 0 && (
        <>
          <h5>{t('importKeptHeading')}</h5>
          <CutList
            items={kept}
            itemKey={(group) => entryKey(group.entry)}
            label={t('importKeptList')}
            render={keptText}
          />
          {keptChoice}
        </>
      )}
      {added.length > 0 && (
        <CutList
          folded={t('importNewGroupsSummary', added.length)}
          items={added}
          itemKey={({ entry }) => entryKey(entry)}
          label={t('importNewGroupsList')}
          render={({ entry }) => describe(entry)}
        />
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
