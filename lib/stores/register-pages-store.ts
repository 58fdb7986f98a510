import { watchItem } from '../storage/watch-item';
import { create } from 'zustand';
import { registerJobItemFor, registerRowsItemFor } from '../storage/register-job/register-job-items';
import {
  storedRegisterJobRowsSchema,
  storedRegisterJobSchema,
  type QueuedPage,
  type RegisterJob,
} from '../storage/register-job/register-job-schema';
import { workspaceScope } from '../storage/workspace-keys';

interface RegisterPagesState {
  job: RegisterJob | null;
  /** The job's pages (written once at its start): what each outcome's `row` points at. */
  rows: QueuedPage[];
  loaded: boolean;
}

export const useRegisterPagesStore = create<RegisterPagesState>(() => ({ job: null, rows: [], loaded: false }));

/**
 * Mirrors a workspace's register-pages job and its pages for the options page, like the bulk create
 * store: the background writes the job after every page, so any page opened at any time shows where it is.
 */
export function startRegisterPagesStore(workspaceId: string): () => void {
  const scope = workspaceScope(workspaceId);
  const jobItem = registerJobItemFor(scope);
  const rowsItem = registerRowsItemFor(scope);
  let stopped = false;
  useRegisterPagesStore.setState({ job: null, rows: [], loaded: false });
  const showJob = (value: unknown) => {
    if (stopped) return;
    const parsed = storedRegisterJobSchema.safeParse(value);
    // Unreadable data is the background's to reset (it reports it); the page shows no job meanwhile.
    useRegisterPagesStore.setState({ job: parsed.success ? parsed.data : null, loaded: true });
  };
  const showRows = (value: unknown) => {
    if (stopped) return;
    const parsed = storedRegisterJobRowsSchema.safeParse(value);
    useRegisterPagesStore.setState({ rows: parsed.success && parsed.data ? parsed.data.rows : [] });
  };
  void rowsItem.getValue().then(showRows);
  void jobItem.getValue().then(showJob);
  const stops = [watchItem(rowsItem, showRows), watchItem(jobItem, showJob)];
  return () => {
    stopped = true;
    stops.forEach((stop) => stop());
  };
}
