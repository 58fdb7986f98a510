import type { PolicyStatus } from '../../storage/policy-status';
import type { RotationPeriod, TokenRotation } from '../../storage/rotation/token-rotation';

/** A workspace's **Rotate tokens every** and **Remind me when tokens are due**, the policy applied. */
export interface EffectiveRotation {
  everyDays: RotationPeriod;
  remind: boolean;
  /** The organisation's policy fixes the period: the select is read-only. */
  lockedByPolicy: boolean;
  /** The period is the policy's default (the user has not chosen one). */
  fromPolicy: boolean;
}

/**
 * The setting that applies: the policy's period when it locks it (Off when it locks without one);
 * else the user's choice; else the policy's default; else Off. Reminders are the user's alone.
 */
export function effectiveRotation(
  stored: Pick<TokenRotation, 'everyDays' | 'remind'> | null,
  policy: PolicyStatus['tokenRotation'],
): EffectiveRotation {
  const remind = stored?.remind ?? false;
  if (policy?.locked) return { everyDays: policy.everyDays ?? 0, remind, lockedByPolicy: true, fromPolicy: true };
  if (stored) return { everyDays: stored.everyDays, remind, lockedByPolicy: false, fromPolicy: false };
  if (policy?.everyDays !== undefined)
    return { everyDays: policy.everyDays, remind, lockedByPolicy: false, fromPolicy: true };
  return { everyDays: 0, remind, lockedByPolicy: false, fromPolicy: false };
}
