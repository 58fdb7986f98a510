import type { AppError } from '@/lib/result';

/** A rejected or refused credential: the page links to the Connection section. */
export const needsSettings = (error: AppError): boolean =>
  error.code === 'UNAUTHENTICATED' || error.code === 'PERMISSION_DENIED';
