import Papa from 'papaparse';
import { z } from 'zod/mini';
import { activityCheckpointSchema, type ActivityCheckpoint } from '../storage/activity/activity-schema';
import { rowOf, storedHash } from '../storage/activity/activity-rows';
import { ACTIVITY_EXPORT_FORMAT } from './activity-export';

/** An entry of an export as verification compares it: its number, its link to the one before, its hash. */
export interface ExportedLink {
  seq: number;
  prev: string;
  hash: string;
}

/** What an export holds for verification: its entries' links, oldest first, and its checkpoint. */
export interface ExportedLog {
  links: ExportedLink[];
  checkpoint: ActivityCheckpoint;
}

export type ExportRead =
  | { ok: true; log: ExportedLog }
  | { ok: false; problem: 'unreadable' | 'noHash' | 'empty' }
  /** The file's own entries do not hold together: it was changed after it was saved. */
  | { ok: false; problem: 'tampered'; seq: number };

const HEX64 = /^[0-9a-f]{64}$/;

/** The JSON export (version 1 has no checkpoint: its last entry is one), each entry hashed as the file holds it. */
const jsonExportSchema = z.lazy(() =>
  z.object({
    format: z.literal(ACTIVITY_EXPORT_FORMAT),
    entries: z.array(z.unknown()),
    checkpoint: z.optional(activityCheckpointSchema),
  }),
);

async function linksOfJson(text: string): Promise<ExportRead> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const parsed = jsonExportSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problem: 'unreadable' };
  const rows = parsed.data.entries.map(rowOf);
  if (rows.some((row) => !row.entry && !row.stub)) return { ok: false, problem: 'unreadable' };
  // Every hash asked for at once (WebCrypto's answers overlap).
  const hashes = await Promise.all(rows.map((row) => storedHash(row.raw)));
  const links = rows.map((row, index) => {
    const { seq, prev } = (row.entry ?? row.stub)!;
    return { seq, prev, hash: hashes[index]! };
  });
  return checked(links, parsed.data.checkpoint);
}

/** The CSV export: its seq, prev and hash columns (exports made before checkpoints have no hash). */
function linksOfCsv(text: string): ExportRead {
  const { data, meta } = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  const columns = meta.fields ?? [];
  if (!columns.includes('seq') || !columns.includes('prev')) return { ok: false, problem: 'unreadable' };
  if (!columns.includes('hash')) return { ok: false, problem: 'noHash' };
  const links: ExportedLink[] = [];
  for (const row of data) {
    const seq = Number(row.seq);
    if (!Number.isSafeInteger(seq) || seq < 1 || !HEX64.test(row.prev ?? '') || !HEX64.test(row.hash ?? ''))
      return { ok: false, problem: 'unreadable' };
    links.push({ seq, prev: row.prev!, hash: row.hash! });
  }
  return checked(links, undefined);
}

/**
 * The links, if they hold together: numbers rising, each entry linked to the one just before it, and
 * the checkpoint (when the file states one) that of its last entry. An entry edited in the file breaks
 * its successor's link (or, the last, the checkpoint).
 */
function checked(links: ExportedLink[], stated: ActivityCheckpoint | undefined): ExportRead {
  const last = links.at(-1);
  if (!last) return { ok: false, problem: 'empty' };
  for (let index = 1; index < links.length; index += 1) {
    const before = links[index - 1]!;
    const link = links[index]!;
    if (link.seq <= before.seq) return { ok: false, problem: 'tampered', seq: link.seq };
    if (link.seq === before.seq + 1 && link.prev !== before.hash)
      return { ok: false, problem: 'tampered', seq: before.seq };
  }
  const checkpoint = { count: last.seq, hash: last.hash };
  if (stated && (stated.count !== checkpoint.count || stated.hash !== checkpoint.hash))
    return { ok: false, problem: 'tampered', seq: last.seq };
  return { ok: true, log: { links, checkpoint } };
}

/** Reads an activity export, JSON or CSV (told apart by its first character), for Verify against an export. */
export function readActivityExport(text: string): Promise<ExportRead> {
  const trimmed = text.trimStart();
  return trimmed.startsWith('{') ? linksOfJson(trimmed) : Promise.resolve(linksOfCsv(trimmed));
}
