import type { BulkRow } from '../../storage/bulk-job/bulk-row-schema';
import { bulkRowSchema } from '../../storage/bulk-job/bulk-row-schema';
import { groupKey } from '../../storage/registry/registry-schema';
import { built } from '../../schema-parts';

export interface SelectedGroupRef {
  name: string;
  userGroupId: string;
  environment: BulkRow['environment'];
}

/**
 * The rows of a selection job: one per group (a group selected twice is sent once), numbered from 1 in
 * the order given. A name the job's rows cannot hold (empty, too long) is replaced by the group's ID:
 * the name is only there for the job's report.
 */
export function selectionRows(groups: readonly SelectedGroupRef[]): BulkRow[] {
  const nameSchema = built(bulkRowSchema).shape.name;
  const seen = new Set<string>();
  const rows: BulkRow[] = [];
  for (const group of groups) {
    const key = groupKey({ environment: group.environment, provided_id: group.userGroupId });
    if (seen.has(key)) continue;
    seen.add(key);
    const name = nameSchema.safeParse(group.name);
    rows.push({
      line: rows.length + 1,
      name: name.success ? name.data : group.userGroupId,
      userGroupId: group.userGroupId,
      environment: group.environment,
    });
  }
  return rows;
}
