import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { styled } from './stitches.config';

const Root = styled('div', {
  display: 'flex',
  gap: '$5',
  variants: {
    orientation: {
      vertical: { flexDirection: 'row', alignItems: 'flex-start', '@phone': { flexDirection: 'column', alignItems: 'stretch' } },
      horizontal: { flexDirection: 'column' },
    },
  },
});
const List = styled('div', {
  display: 'flex',
  gap: '$1',
  variants: {
    orientation: {
      vertical: { flexDirection: 'column', minWidth: 180, '@phone': { flexDirection: 'row', minWidth: 0 } },
      horizontal: { flexDirection: 'row', borderBottom: '1px solid $border' },
    },
  },
});
const Tab = styled('button', {
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: '$muted',
  textAlign: 'left',
  padding: '$3 $4',
  fontSize: '$3',
  fontWeight: 600,
  cursor: 'pointer',
  borderRadius: '$2',
  '&[aria-selected="true"]': { color: '$primary', backgroundColor: '$surface', boxShadow: 'inset 3px 0 0 $colors$primary' },
  variants: {
    orientation: {
      vertical: {},
      horizontal: { borderRadius: 0, '&[aria-selected="true"]': { boxShadow: 'inset 0 -3px 0 $colors$primary', backgroundColor: 'transparent' } },
    },
  },
});
const Panel = styled('div', { flex: 1, minWidth: 0 });

export interface TabItem<V extends string> {
  value: V;
  label: string;
}

/**
 * Tabs after the WAI-ARIA pattern: a tablist (vertical or horizontal) whose arrow keys, Home and End move the
 * selection, and one tabpanel for the selected tab. Which tab is selected is the caller's (typically the address).
 */
export function Tabs<V extends string>({
  label,
  orientation,
  tabs,
  value,
  onValueChange,
  children,
}: {
  /** The tablist's accessible name. */
  label: string;
  orientation: 'vertical' | 'horizontal';
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
    const index = tabs.findIndex((t) => t.value === value);
    let target: number | null = null;
    if (event.key === next) target = (index + 1) % tabs.length;
    else if (event.key === prev) target = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = tabs.length - 1;
    if (target === null) return;
    event.preventDefault();
    const chosen = tabs[target]!.value;
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
            orientation={orientation}
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
