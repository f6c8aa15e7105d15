import { messages } from '@strideadmin/contract';
import { useUnsavedChangesGuard } from '../lib/unsaved-changes';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The one question before leaving unsaved changes (docs/behaviour.md §12): "Leave this page?" with
 * Stay (the default, focused) and Leave. Mounted once, in the signed-in shell.
 */
export function UnsavedChangesDialog() {
  const guard = useUnsavedChangesGuard();
  return (
    <ConfirmDialog
      open={guard.asking}
      title={messages.unsavedChangesTitle}
      description={messages.unsavedChanges}
      tone="danger"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={guard.leave}
      onCancel={guard.stay}
    />
  );
}
