import { useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { keyframes, styled } from './stitches.config';
import { Button } from './Button';

/** The specification's default dialog (access and content documents, section 9): 536 px wide, 240 px high at least. */
export const MODAL_WIDTH = 536;
export const MODAL_MIN_HEIGHT = 240;

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({ from: { transform: 'translateY(16px)', opacity: 0 }, to: { transform: 'none', opacity: 1 } });

const Overlay = styled(Dialog.Overlay, {
  position: 'fixed',
  inset: 0,
  backgroundColor: '$scrim',
  zIndex: '$dialog',
  '@motion': { animation: `${fadeIn} 150ms ease-out` },
});

// A centred card from 600 px up; below, a bottom sheet as wide as the screen that scrolls inside itself.
const Content = styled(Dialog.Content, {
  position: 'fixed',
  zIndex: '$dialog',
  backgroundColor: '$raised',
  color: '$text',
  boxShadow: '$overlay',
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  overflowY: 'auto',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: `min(${MODAL_WIDTH}px, calc(100vw - 32px))`,
  maxHeight: 'calc(100vh - 32px)',
  minHeight: `min(${MODAL_MIN_HEIGHT}px, calc(100vh - 32px))`,
  padding: '$5',
  borderRadius: '$3',
  '&:focus': { outline: 'none' },
  '@sheet': {
    top: 'auto',
    bottom: 0,
    left: 0,
    right: 0,
    transform: 'none',
    width: '100%',
    maxHeight: '90vh',
    minHeight: 0,
    borderRadius: '$4 $4 0 0',
    padding: '$4 $4 calc($5 + env(safe-area-inset-bottom))',
    '@motion': { animation: `${rise} 200ms ease-out` },
  },
});
const Grabber = styled('div', {
  display: 'none',
  '@sheet': { display: 'block', width: 40, height: 4, borderRadius: '$round', backgroundColor: '$border', margin: '0 auto $1', flexShrink: 0 },
});
const Header = styled('div', { display: 'flex', alignItems: 'flex-start', gap: '$2' });
const Title = styled(Dialog.Title, { margin: 0, fontSize: '$4', lineHeight: '$tight', color: '$text', flex: 1 });
const CloseButton = styled('button', {
  appearance: 'none',
  border: 0,
  background: 'transparent',
  color: '$muted',
  width: 44,
  height: 44,
  margin: '-10px -10px 0 0',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '$round',
  cursor: 'pointer',
  flexShrink: 0,
  '&:hover': { backgroundColor: '$neutralSoft', color: '$text' },
});
export const ModalActions = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', marginTop: 'auto' });

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** Escape, a click outside and the close button call it; without it the dialog stays until a choice is made. */
  onClose?: () => void;
  /** The close button's accessible name (shown when `onClose` is given). */
  closeLabel?: string;
  /** Where focus goes when the dialog closes, when the element that opened it is gone (a menu item). */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * A modal dialog (Radix Dialog): focus moves into it and stays inside (Tab cycles), the page behind is inert, and
 * focus returns to what opened it when it closes. Below 600 px it is a bottom sheet. The dialog is open while it is
 * rendered: whether it shows is the machine's state, as the caller renders it.
 */
export function Modal({ title, children, onClose, closeLabel, returnFocusTo }: ModalProps) {
  // What had focus when the dialog opened: it gets it back (Radix returns it only to a Dialog.Trigger).
  const opener = useRef<HTMLElement | null>(typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose?.()}>
      <Dialog.Portal>
        <Overlay />
        <Content
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => !onClose && e.preventDefault()}
          onPointerDownOutside={(e) => !onClose && e.preventDefault()}
          onInteractOutside={(e) => !onClose && e.preventDefault()}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            const target = opener.current?.isConnected && opener.current !== document.body ? opener.current : (returnFocusTo?.() ?? null);
            target?.focus();
          }}
        >
          <Grabber aria-hidden="true" />
          <Header>
            <Title>{title}</Title>
            {onClose && closeLabel ? (
              <CloseButton type="button" aria-label={closeLabel} onClick={onClose}>
                <X size={20} aria-hidden="true" />
              </CloseButton>
            ) : null}
          </Header>
          {children}
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
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
  busy,
  returnFocusTo,
}: {
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  dismissLabel: string;
  onConfirm: () => void;
  onDismiss: () => void;
  /** The confirmed action is under way: the confirm button says so. */
  busy?: boolean;
  /** Where focus goes when the dialog closes and what opened it is gone (the item it removed). */
  returnFocusTo?: () => HTMLElement | null;
}) {
  return (
    <Modal title={title} onClose={onDismiss} {...(returnFocusTo ? { returnFocusTo } : {})}>
      {children}
      <ModalActions>
        <Button type="button" onClick={onConfirm} busy={busy}>
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
  returnFocusTo,
}: {
  title: ReactNode;
  children?: ReactNode;
  buttonLabel: string;
  onClose: () => void;
  /** Where focus goes when the notice closes and what opened it is gone (what the notice announced). */
  returnFocusTo?: () => HTMLElement | null;
}) {
  return (
    <Modal title={title} onClose={onClose} {...(returnFocusTo ? { returnFocusTo } : {})}>
      {children}
      <ModalActions>
        <Button type="button" onClick={onClose}>
          {buttonLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}
