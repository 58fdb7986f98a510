import { z } from 'zod/mini';

export const emptySchema = z.object({});
export const boundedText = z.string().check(z.maxLength(4096));
export const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
