import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { TextField } from '@/components/TextField';
import type { RegistryEntry } from '@/lib/user-groups/registry-schema';

interface DeleteDialogProps {
  group: RegistryEntry;
  onConfirm: (dataSourceProvidedId: string) => void;
  onCancel: () => void;
}

export function DeleteDialog({ group, onConfirm, onCancel }: DeleteDialogProps) {
  const [dataSourceId, setDataSourceId] = useState('');
  return (
    <ConfirmDialog title={`Delete “${group.name}”?`} onConfirm={() => onConfirm(dataSourceId.trim())} onCancel={onCancel}>
      <p>
        The {group.environment} group with ID {group.provided_id} is deleted on the service and removed from this browser. Its token stops
        working.
      </p>
      <TextField label="Data source ID (optional)" value={dataSourceId} onChange={setDataSourceId} hint="The data source id from the data tab, if the service needs it." autoComplete="off" />
    </ConfirmDialog>
  );
}
