import { t } from '@/lib/i18n';
import { DOCUMENTED_LIMIT_PER_MINUTE, MAX_RATE_PER_MINUTE } from '@/lib/jobs/job-pacing';
import { estimateJob } from './job-estimate';

/** The Requests per minute field of a job: a whole number up to the maximum, with a warning above the service's limit. */
export function checkRate(raw: string): { rate?: number; error?: string; warning?: string } {
  const rate = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || rate < 1 || rate > MAX_RATE_PER_MINUTE)
    return { error: t('bulkRateInvalid', String(MAX_RATE_PER_MINUTE)) };
  if (rate > DOCUMENTED_LIMIT_PER_MINUTE)
    return { rate, warning: t('bulkRateAboveLimit', String(rate), String(DOCUMENTED_LIMIT_PER_MINUTE)) };
  return { rate };
}

/** "24 s", "12 min". */
export function formatEstimate(rows: number, ratePerMinute: number): string {
  const { amount, unit } = estimateJob(rows, ratePerMinute);
  return unit === 's' ? t('bulkDurationSeconds', String(amount)) : t('bulkDurationMinutes', String(amount));
}
