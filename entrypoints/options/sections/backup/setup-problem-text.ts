import { t } from '@/lib/i18n';
import type { SetupImportProblem } from '@/lib/setup-file/setup-import-problem';

/** What the user reads for each reason a setup file cannot be previewed or imported (docs/setup-file.md). */
export function setupProblemText(problem: SetupImportProblem): string {
  switch (problem) {
    case 'too-large':
      return t('setupProblemTooLarge');
    case 'not-json':
      return t('setupProblemNotJson');
    case 'other-format':
      return t('setupProblemOtherFormat');
    case 'newer-version':
      return t('setupProblemNewerVersion');
    case 'damaged':
      return t('setupProblemDamaged');
    case 'bad-address':
      return t('setupProblemBadAddress');
    case 'wrong-passphrase-or-damaged':
      return t('setupProblemWrongPassphrase');
    case 'bad-secrets':
      return t('setupProblemBadSecrets');
    case 'bad-name':
      return t('setupProblemBadName');
  }
}
