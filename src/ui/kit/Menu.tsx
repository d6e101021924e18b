import type { ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { styled } from './stitches.config';

/**
 * A menu (Radix DropdownMenu): opens from its trigger, arrow keys, Home, End and typing move through its items,
 * Escape and a click outside close it, and focus returns to the trigger. Open or closed is the caller's (a machine's
 * state): `open` and `onOpenChange`.
 */
export const MenuRoot = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;

const Content = styled(DropdownMenu.Content, {
  minWidth: 240,
  maxWidth: 'calc(100vw - 16px)',
  padding: '$2 0',
  backgroundColor: '$raised',
  color: '$text',
  borderRadius: '$3',
  boxShadow: '$overlay',
  border: '1px solid $border',
  zIndex: '$menu',
});

/** The menu's panel, in a portal (so no header colour leaks in), under its trigger's end edge. */
export function MenuContent({
  label,
  children,
  onCloseAutoFocus,
}: {
  label: string;
  children: ReactNode;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <DropdownMenu.Portal>
      <Content aria-label={label} align="end" sideOffset={6} collisionPadding={8} onCloseAutoFocus={onCloseAutoFocus}>
        {children}
      </Content>
    </DropdownMenu.Portal>
  );
}

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  minHeight: 44,
  padding: '$2 $4',
  fontSize: '$3',
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  '& svg': { color: '$muted', flexShrink: 0 },
  '&[data-highlighted]': { backgroundColor: '$neutralSoft' },
  '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
} as const;

const Item = styled(DropdownMenu.Item, itemStyle, {
  // An item that leads to the admin site: its icon in the admin pink of the specification's branding colours.
  variants: { accent: { admin: { '& svg': { color: '$adminPink' } } } },
});
const CheckItem = styled(DropdownMenu.CheckboxItem, itemStyle, { justifyContent: 'space-between' });

/** One choice of the menu, with an optional icon; `accent="admin"` marks the way to the admin site. */
export function MenuItem({ icon, accent, children, onSelect }: { icon?: ReactNode; accent?: 'admin'; children: ReactNode; onSelect: () => void }) {
  return (
    <Item onSelect={onSelect} accent={accent} data-accent={accent}>
      {icon}
      <span>{children}</span>
    </Item>
  );
}

const Track = styled('span', {
  position: 'relative',
  flexShrink: 0,
  width: 40,
  height: 24,
  borderRadius: '$round',
  backgroundColor: '$control',
  '[data-state="checked"] > &': { backgroundColor: '$primary' },
});
const Thumb = styled('span', {
  position: 'absolute',
  top: 2,
  left: 2,
  width: 20,
  height: 20,
  borderRadius: '$round',
  backgroundColor: '$surface',
  '[data-state="checked"] > * > &': { transform: 'translateX(16px)' },
});

/** An on/off item of the menu (menuitemcheckbox), drawn as a switch; choosing it keeps the menu open. */
export function MenuSwitchItem({
  checked,
  disabled,
  onToggle,
  children,
}: {
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <CheckItem checked={checked} disabled={disabled} onCheckedChange={onToggle} onSelect={(event) => event.preventDefault()}>
      <span>{children}</span>
      <Track aria-hidden="true">
        <Thumb />
      </Track>
    </CheckItem>
  );
}

export const MenuSeparator = styled(DropdownMenu.Separator, { height: 1, backgroundColor: '$border', margin: '$2 0' });
