import { readExtensionStorage } from '../../e2e/fixtures/service-worker.ts';
import { between } from '../prng.ts';
import { moveLock } from './lock-steps.ts';
import { alertIn, followJob, storedJobId } from './job-steps.ts';
import { show, sleep, type StepKind } from '../world.ts';

// Registering many pages (design.md §12): Options → Projects, a few addresses pasted, Register N pages, a
// job paced like bulk create. Each project it reports registered must be in the history; one the service
// made whose answer never reached the browser (a lost answer, a stopped worker) cannot be.

interface StoredRegisterJob {
  outcomes?: { outcome: string; projectId?: string }[];
}

export const registerJobStep: StepKind = {
  name: 'register pages',
  weight: 5,
  routes: ['project.create'],
  scope: 'job',
  async run(context) {
    const { world, workspace, random } = context;
    // The job needs the project API's secrets: a user unlocks first (Connection), then registers.
    if (context.lock.locked) world.note(`  ${(await moveLock(world, workspace, 'unlock', context.lock)).text}`);
    await show(world, workspace, 'projects');
    const { options } = world;
    const count = between(random, 2, 5);
    const pages = Array.from({ length: count }, () => {
      const number = world.next();
      return workspace.sandbox.pageUrl(
        `chaos-${workspace.label.toLowerCase()}-job-${number}`,
        `Chaos job page ${number}`,
      );
    });
    world.note(`  register ${count} pages`);
    const known = new Set(workspace.sandbox.projects().map((project) => project.projectId));
    const before = await storedJobId(world, workspace, 'registerPagesJob');
    const section = options.getByRole('region', { name: 'Register pages' });
    await section.getByLabel('Page addresses').fill(pages.join('\n'));
    await section.getByLabel('Requests per minute').fill('6000');
    await section.getByRole('button', { name: `Register ${count} pages` }).click();
    const outcome = await followJob(context, before, () => alertIn(section), {
      item: 'registerPagesJob',
      controls: section,
    });
    // A request the sandbox held while the worker was stopped is carried out after its delay.
    await sleep(Math.max(0, world.quietAfter - Date.now()));
    const storage = await readExtensionStorage(world.extension, options);
    const job = storage.local[`ws.${workspace.id}.registerPagesJob`] as StoredRegisterJob | undefined;
    const registered = new Set(
      (job?.outcomes ?? []).flatMap((page) =>
        page.outcome === 'registered' && page.projectId ? [page.projectId] : [],
      ),
    );
    for (const id of registered) world.ledger.shown.set(id, workspace.id);
    for (const project of workspace.sandbox.projects())
      if (!known.has(project.projectId) && !registered.has(project.projectId))
        world.ledger.unanswered.add(project.projectId);
    return outcome;
  },
};
