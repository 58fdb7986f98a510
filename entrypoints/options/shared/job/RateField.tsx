import { useState } from 'react';
import { TextField } from '@/components/TextField';
import { t } from '@/lib/i18n';
import { DEFAULT_RATE_PER_MINUTE, DOCUMENTED_LIMIT_PER_MINUTE, MAX_RATE_PER_MINUTE } from '@/lib/jobs/job-pacing';
import { checkRate } from './job-pace';

/** The text of a job's **Requests per minute** field, and the rate it holds (undefined while it holds none). */
export function useRate() {
  const [text, setText] = useState(String(DEFAULT_RATE_PER_MINUTE));
  const check = checkRate(text);
  return { rate: check.rate, field: { text, onChange: setText, check } };
}

/** **Requests per minute**: its error, or a warning above the service's documented limit, or the default. */
export function RateField({ text, onChange, check }: ReturnType<typeof useRate>['field']) {
  return (
    <TextField
      label={t('bulkRate')}
      type="number"
      min={1}
      max={MAX_RATE_PER_MINUTE}
      value={text}
      onChange={onChange}
      error={check.error}
      hint={check.warning ?? t('bulkRateHint', String(DOCUMENTED_LIMIT_PER_MINUTE), String(DEFAULT_RATE_PER_MINUTE))}
    />
  );
}
