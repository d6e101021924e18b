import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { styled } from './stitches.config';

const Root = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$5',
  variants: { orientation: { horizontal: {}, vertical: { flexDirection: 'row', alignItems: 'flex-start' } } },
});
// One look for every tab bar: a row under a line, the selected tab underlined in the brand's colour; on a narrow
// screen the row scrolls sideways rather than wrapping.
const List = styled('div', {
  display: 'flex',
  gap: '$1',
  borderBottom: '1px solid $border',
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  variants: {
    orientation: {
      horizontal: {},
      // A column beside the panel, the selected tab marked on its inner edge.
      vertical: {
        flexDirection: 'column',
        borderBottom: 'none',
        borderRight: '1px solid $border',
        overflowX: 'visible',
        flexShrink: 0,
        minWidth: 180,
      },
    },
  },
});
const Tab = styled('button', {
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: '$muted',
  whiteSpace: 'nowrap',
  padding: '$3 $4',
  minHeight: 44,
  fontSize: '$3',
  fontWeight: 600,
  cursor: 'pointer',
  '&:hover': { color: '$text' },
  '&[aria-selected="true"]': { color: '$primary', boxShadow: 'inset 0 -3px 0 $colors$primary' },
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed', color: '$muted' },
  '[aria-orientation="vertical"] > &': { textAlign: 'start' },
  '[aria-orientation="vertical"] > &[aria-selected="true"]': { boxShadow: 'inset -3px 0 0 $colors$primary', backgroundColor: '$neutralSoft' },
});
const Panel = styled('div', { flex: 1, minWidth: 0 });

export interface TabItem<V extends string> {
  value: V;
  label: string;
  /** Shown but not selectable (the arrow keys pass over it). */
  disabled?: boolean;
}

/**
 * Tabs after the WAI-ARIA pattern: a tablist (a row, or a column) whose arrow keys, Home and End move the selection,
 * and one tabpanel for the selected tab. The kit's one tab pattern. Which tab is selected is the caller's (typically the
 * address).
 */
export function Tabs<V extends string>({
  label,
  tabs,
  value,
  onValueChange,
  children,
  orientation = 'horizontal',
}: {
  /** The tablist's accessible name. */
  label: string;
  /** A row above the panel (the default), or a column beside it whose Up and Down arrows move the selection. */
  orientation?: 'horizontal' | 'vertical';
  tabs: TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef(new Map<V, HTMLButtonElement>());
  const tabId = (v: V) => `${id}-tab-${v}`;
  const panelId = `${id}-panel`;
  const [prev, next] = orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  const onKeyDown = (event: KeyboardEvent) => {
    const enabled = tabs.filter((t) => !t.disabled);
    if (enabled.length === 0) return;
    const index = enabled.findIndex((t) => t.value === value);
    let target: number | null = null;
    if (event.key === next) target = (index + 1) % enabled.length;
    else if (event.key === prev) target = (index - 1 + enabled.length) % enabled.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = enabled.length - 1;
    if (target === null) return;
    event.preventDefault();
    const chosen = enabled[target]!.value;
    onValueChange(chosen);
    refs.current.get(chosen)?.focus();
  };
  return (
    <Root orientation={orientation}>
      <List role="tablist" aria-label={label} aria-orientation={orientation} orientation={orientation} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            ref={(el) => {
              if (el) refs.current.set(tab.value, el);
              else refs.current.delete(tab.value);
            }}
            type="button"
            role="tab"
            id={tabId(tab.value)}
            aria-selected={tab.value === value}
            aria-controls={tab.value === value ? panelId : undefined}
            tabIndex={tab.value === value ? 0 : -1}
            disabled={tab.disabled}
            onClick={() => onValueChange(tab.value)}
          >
            {tab.label}
          </Tab>
        ))}
      </List>
      <Panel role="tabpanel" id={panelId} aria-labelledby={tabId(value)} tabIndex={0}>
        {children}
      </Panel>
    </Root>
  );
}
