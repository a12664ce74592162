import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';

interface DeletionMutation<Variables> {
  mutate: (variables: Variables, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

interface DeleteItemDialogProps<Variables> {
  /** What is asked about; null while closed. */
  target: { variables: Variables; name: string } | null;
  /** "Excluir investimento". */
  title: string;
  /** "Investimento excluído". */
  doneMessage: string;
  remove: DeletionMutation<Variables>;
  onClose: () => void;
}

/** Asks before deleting an item of the screen, names it, then deletes it. */
export function DeleteItemDialog<Variables>({
  target,
  title,
  doneMessage,
  remove,
  onClose,
}: DeleteItemDialogProps<Variables>) {
  const confirm = () => {
    if (!target) return;
    remove.mutate(target.variables, {
      onSuccess: () => {
        notifySuccess(doneMessage);
        onClose();
      },
      onError: (error) => notifyMutationError(error),
    });
  };
  return (
    <ConfirmDialog
      opened={target !== null}
      title={title}
      message={target ? `Excluir “${target.name}”? Isso não pode ser desfeito.` : ''}
      confirmLabel="Excluir"
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
