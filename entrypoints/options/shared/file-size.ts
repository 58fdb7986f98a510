import { t, uiLanguage } from '@/lib/i18n';

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toLocaleString(uiLanguage(), { maximumFractionDigits: 1 });

/** Refuses a file over the limit before it is read (reading and parsing a huge file freezes the page). */
export function fileTooLarge(file: File, limitBytes: number): string | undefined {
  return file.size > limitBytes
    ? t('optionsFileTooLarge', file.name, megabytes(file.size), megabytes(limitBytes))
    : undefined;
}
