import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { TextField } from '@/components/TextField';
import { t } from '@/lib/i18n';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { environmentLabel } from './describe-group';

interface DeleteDialogProps {
  group: RegistryEntry;
  onConfirm: (dataSourceProvidedId: string) => void;
  onCancel: () => void;
}

/** Delete, or Retry delete when the earlier delete of this group was not answered. */
export function DeleteDialog({ group, onConfirm, onCancel }: DeleteDialogProps) {
  const [dataSourceId, setDataSourceId] = useState('');
  const retry = group.deleteOutcomeUnknown !== undefined;
  return (
    <ConfirmDialog
      title={retry ? t('groupsRetryDeleteTitle', group.name) : t('groupsDeleteTitle', group.name)}
      confirmLabel={retry ? t('groupsRetryDelete') : t('groupsDeleteGroup')}
      onConfirm={() => onConfirm(dataSourceId.trim())}
      onCancel={onCancel}
    >
      <p>
        {retry
          ? t('groupsRetryDeleteBody', environmentLabel(group.environment), group.provided_id)
          : t('groupsDeleteBody', environmentLabel(group.environment), group.provided_id)}
      </p>
      <TextField
        label={t('groupsDataSourceId')}
        value={dataSourceId}
        onChange={setDataSourceId}
        hint={t('groupsDataSourceIdHint')}
        autoComplete="off"
      />
    </ConfirmDialog>
  );
}
