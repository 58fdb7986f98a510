import { expect } from 'vitest';
import type { AppError, Result } from '@/lib/result';

/** Asserts a failure with this code in which nothing repeats any of `secrets`, and returns its error. */
export function expectFailure(result: Result<unknown>, code: string, secrets: readonly string[]): AppError {
  expect(result.ok).toBe(false);
  if (result.ok) throw new Error('expected a failure');
  expect(result.error.code).toBe(code);
  const text = JSON.stringify(result);
  for (const secret of secrets) expect(text).not.toContain(secret);
  return result.error;
}

/** Asserts a success and returns its value. */
export function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}
