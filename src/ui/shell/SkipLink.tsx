import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';

const Skip = styled('a', {
  position: 'absolute',
  left: '$2',
  top: '$2',
  zIndex: '$toast',
  padding: '$2 $4',
  borderRadius: '$2',
  backgroundColor: '$raised',
  fontWeight: 700,
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none' },
});

/** "Skip to content", the first thing Tab reaches on every page: focus moves to the page's main content (else its heading). */
export function SkipLink() {
  const t = useT();
  return (
    <Skip
      href="#main"
      onClick={(event) => {
        const target = document.querySelector<HTMLElement>('main, h1');
        if (!target) return;
        event.preventDefault();
        target.tabIndex = -1;
        target.focus();
      }}
    >
      {t('shell.skipToContent')}
    </Skip>
  );
}
