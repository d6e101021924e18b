import { Check } from 'lucide-react';
import { useBuildingSelector, useHeaderMenuRef } from '../appContext';
import { useT } from '../../i18n/useT';
import { Modal } from '../kit/Modal';
import { styled } from '../kit/stitches.config';

/** The specification's building dropdown is 200 px high at most (section 9); a longer list scrolls inside it. */
export const BUILDING_LIST_MAX_HEIGHT = 200;
const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, overflowY: 'auto', maxHeight: BUILDING_LIST_MAX_HEIGHT });
const Choice = styled('button', {
  width: '100%',
  minHeight: 56,
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  textAlign: 'left',
  padding: '$3',
  border: 'none',
  borderBottom: '1px solid $border',
  background: 'transparent',
  cursor: 'pointer',
  color: '$text',
  '&:hover': { backgroundColor: '$neutralSoft' },
  '&[aria-current="true"]': { fontWeight: 700, color: '$primary' },
  '& > svg': { marginLeft: 'auto', flexShrink: 0 },
});
const Address = styled('span', { display: 'block', color: '$muted', fontSize: '$2', fontWeight: 400 });

/** The building switcher: the user's buildings, the current one marked; choosing one switches and closes. */
export function BuildingSwitcher() {
  const t = useT();
  const menu = useHeaderMenuRef();
  const buildings = useBuildingSelector((s) => s.context.buildings);
  const current = useBuildingSelector((s) => s.context.current?.uuid ?? null);
  const close = () => menu.send({ type: 'user.closeBuildings' });
  return (
    <Modal
      title={t('header.chooseBuilding')}
      onClose={close}
      closeLabel={t('auth.close')}
      // Opened from the account menu, whose item is gone by then: focus goes back to the menu's trigger.
      returnFocusTo={() => document.querySelector<HTMLElement>('[data-testid="account-menu-trigger"]')}
    >
      <List>
        {buildings.map((b) => (
          <li key={b.uuid}>
            <Choice type="button" aria-current={b.uuid === current} onClick={() => menu.send({ type: 'user.chooseBuilding', uuid: b.uuid })}>
              <span>
                {b.name}
                <Address>{b.address_1}</Address>
              </span>
              {b.uuid === current ? <Check size={20} aria-hidden="true" /> : null}
            </Choice>
          </li>
        ))}
      </List>
    </Modal>
  );
}
