import type { Ref } from 'react';
import { styled } from './stitches.config';

const Bar = styled('nav', {
  position: 'sticky',
  top: 0,
  zIndex: 5,
  width: '100%',
  backgroundColor: '$surface',
  borderBottom: '1px solid $border',
  overflowX: 'auto',
  scrollbarWidth: 'thin',
});
const List = styled('ul', { display: 'flex', gap: '$1', margin: '0 auto', padding: '0 $4', listStyle: 'none', maxWidth: 1320 });
const Jump = styled('button', {
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: '$muted',
  whiteSpace: 'nowrap',
  padding: '$3 $4',
  fontSize: '$3',
  fontWeight: 600,
  cursor: 'pointer',
  '&[aria-current="true"]': { color: '$primary', boxShadow: 'inset 0 -3px 0 $colors$primary' },
});

export interface JumpItem {
  id: string;
  label: string;
  /** The id of the section it jumps to, when not `id`. */
  controls?: string;
}

/**
 * A sticky, horizontally scrolling bar of jumps to sections of the page (not tabs with panels: every section stays
 * on the page). The current one is marked with aria-current; which one that is, is the caller's.
 */
export function JumpBar({
  label,
  items,
  current,
  onJump,
  barRef,
}: {
  label: string;
  items: JumpItem[];
  current: string | null;
  onJump: (id: string) => void;
  barRef?: Ref<HTMLElement>;
}) {
  return (
    <Bar aria-label={label} ref={barRef}>
      <List>
        {items.map((item) => (
          <li key={item.id}>
            <Jump
              type="button"
              aria-current={item.id === current ? 'true' : undefined}
              aria-controls={item.controls ?? item.id}
              onClick={() => onJump(item.id)}
            >
              {item.label}
            </Jump>
          </li>
        ))}
      </List>
    </Bar>
  );
}
