import { useEffect } from 'react';
import { messages } from '@strideadmin/contract';
import { lazyPart, useLazyPart } from '../lib/lazy-part';
import { useUnsavedChangesGuard } from '../lib/unsaved-changes-guard';

/** The dialog's code: fetched once something holds unsaved changes, not with the shell. */
const dialogPart = lazyPart(() => import('./confirm-dialog'));

/**
 * The one question before leaving unsaved changes (docs/behaviour.md §12): "Leave this page?" with
 * Stay (the default, focused) and Leave. Mounted once, in the signed-in shell; its dialog's code
 * (components/confirm-dialog.tsx, Headless UI) comes when first needed
 * (docs/decisions/0019-portal-loading.md).
 */
export function UnsavedChangesDialog() {
  const guard = useUnsavedChangesGuard();
  // Fetched ahead while there are unsaved changes, so it is there when a move away is held; if
  // it cannot be loaded when asked for, the administrator stays (the edits are kept).
  useEffect(() => {
    if (guard.unsaved) void dialogPart.load().catch(() => undefined);
  }, [guard.unsaved]);
  const dialog = useLazyPart(dialogPart, guard.asking, guard.stay);
  if (!dialog) return null;
  return (
    <dialog.ConfirmDialog
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
