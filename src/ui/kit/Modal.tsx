import { useEffect, useId, useRef, type ReactNode } from 'react';
import { styled } from './stitches.config';
import { Button } from './Button';

const Backdrop = styled('div', {
  position: 'fixed',
  inset: 0,
  backgroundColor: 'rgba(20, 24, 28, 0.5)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '$4',
  zIndex: 100,
});
const Dialog = styled('div', {
  backgroundColor: '$surface',
  borderRadius: '$3',
  boxShadow: '$card',
  width: 536,
  maxWidth: '100%',
  minHeight: 240,
  padding: '$5',
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
});
const Title = styled('h2', { margin: 0, fontSize: '$4' });
export const ModalActions = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', marginTop: 'auto' });

/** A modal dialog: focus moves into it, Escape closes it when `onClose` is given. */
export function Modal({ title, children, onClose }: { title: ReactNode; children: ReactNode; onClose?: () => void }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Backdrop>
      <Dialog
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={ref}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onClose) onClose();
        }}
      >
        <Title id={titleId}>{title}</Title>
        {children}
      </Dialog>
    </Backdrop>
  );
}

/**
 * A yes-or-no question in a modal: the confirm button first, the dismiss button under it; Escape dismisses.
 */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  dismissLabel,
  onConfirm,
  onDismiss,
}: {
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  dismissLabel: string;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  return (
    <Modal title={title} onClose={onDismiss}>
      {children}
      <ModalActions>
        <Button type="button" onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onDismiss}>
          {dismissLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}

/** A notice with one button that closes it (Escape closes it too). */
export function NoticeModal({
  title,
  children,
  buttonLabel,
  onClose,
}: {
  title: ReactNode;
  children?: ReactNode;
  buttonLabel: string;
  onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      {children}
      <ModalActions>
        <Button type="button" onClick={onClose}>
          {buttonLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}
