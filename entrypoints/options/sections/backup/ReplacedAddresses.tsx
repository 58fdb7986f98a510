import { t } from '@/lib/i18n';

type Addresses = { projectApiUrl: string; userGroupBaseUrl: string };

/**
 * In the dialog that replaces a workspace from a setup file: each API's address now and in the file,
 * and a warning when one changes (the registry stays, made with the service at the old address).
 */
export function ReplacedAddresses({ current, incoming }: { current: Addresses; incoming: Addresses }) {
  const rows = [
    { label: t('setupPreviewProjectApi'), now: current.projectApiUrl, next: incoming.projectApiUrl },
    { label: t('setupPreviewUserGroupApi'), now: current.userGroupBaseUrl, next: incoming.userGroupBaseUrl },
  ].filter((row) => row.now !== '' || row.next !== '');
  const changes = rows.some((row) => row.now !== row.next);
  return (
    <>
      <table className="replaced-addresses">
        <thead>
          <tr>
            <td />
            <th scope="col">{t('setupReplaceNow')}</th>
            <th scope="col">{t('setupReplaceFromFile')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className={row.now === row.next ? undefined : 'changes'}>
              <th scope="row">{row.label}</th>
              <td>{row.now || t('setupReplaceNotSet')}</td>
              <td>{row.next || t('setupReplaceNotSet')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {changes && <p className="warning">{t('setupReplaceAddressChanges')}</p>}
    </>
  );
}
