import type { ExtensionStorage } from '../../e2e/fixtures/service-worker.ts';
import { pickWeighted, type Random } from '../prng.ts';
import type { ChaosWorkspace, StepKind } from '../world.ts';
import { createStep, deleteStep, rotateStep } from './group-steps.ts';
import { bulkCreateStep, deleteSelectionStep, rotateSelectionStep } from './job-steps.ts';
import { backupStep } from './backup-steps.ts';
import { lockStep } from './lock-steps.ts';
import { registerJobStep } from './register-job-step.ts';
import { registerStep } from './register-step.ts';
import { rotateDueStep } from './rotate-due-step.ts';
import { setupImportStep } from './setup-steps.ts';

/** Every kind of step the chaos run draws from, with its weight. */
export const STEP_KINDS: readonly StepKind[] = [
  createStep,
  rotateStep,
  deleteStep,
  bulkCreateStep,
  rotateSelectionStep,
  deleteSelectionStep,
  setupImportStep,
  lockStep,
  registerStep,
  registerJobStep,
  rotateDueStep,
  backupStep,
];

/** A kind of step that can run on this workspace now, drawn by weight. */
export function drawStepKind(random: Random, storage: ExtensionStorage, workspace: ChaosWorkspace): StepKind {
  const possible = STEP_KINDS.filter((kind) => kind.possible?.(storage, workspace) ?? true);
  return pickWeighted(
    random,
    possible.map((kind) => [kind, kind.weight] as const),
  );
}
