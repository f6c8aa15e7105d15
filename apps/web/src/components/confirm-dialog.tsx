import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What happens on confirming; defaults to a plain warning. */
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Danger (red) for deletions, the default. */
  tone?: 'danger' | 'primary';
  /** The confirmed action is running: the confirm button spins and the dialog stays open. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a destructive action (docs/behaviour.md §12 "delete with a confirmation dialog"). Focus
 * starts on Cancel, so Enter straight away does not delete; Escape and the backdrop cancel.
 */
export function ConfirmDialog({
  open,
  title,
  description = 'This cannot be undone.',
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  tone = 'danger',
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = () => {
    if (!pending) onCancel();
  };
  return (
    <Modal
      open={open}
      onClose={cancel}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
    </Modal>
  );
}
