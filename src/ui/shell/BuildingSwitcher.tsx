import { useBuildingSelector, useHeaderMenuRef } from '../appContext';
import { useT } from '../../i18n/useT';
import { Modal, ModalActions } from '../kit/Modal';
import { Button } from '../kit/Button';
import { styled } from '../kit/stitches.config';

const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, maxHeight: 200, overflowY: 'auto' });
const Choice = styled('button', {
  width: '100%',
  textAlign: 'left',
  padding: '$3',
  border: 'none',
  borderBottom: '1px solid $border',
  background: 'transparent',
  cursor: 'pointer',
  color: '$text',
  '&[aria-current="true"]': { fontWeight: 700, color: '$primary' },
});
const Address = styled('span', { display: 'block', color: '$muted', fontSize: '$2' });

/** The building switcher: the user's buildings, the current one marked; choosing one switches and closes. */
export function BuildingSwitcher() {
  const t = useT();
  const menu = useHeaderMenuRef();
  const buildings = useBuildingSelector((s) => s.context.buildings);
  const current = useBuildingSelector((s) => s.context.current?.uuid ?? null);
  const close = () => menu.send({ type: 'user.closeBuildings' });
  return (
    <Modal title={t('header.chooseBuilding')} onClose={close}>
      <List>
        {buildings.map((b) => (
          <li key={b.uuid}>
            <Choice type="button" aria-current={b.uuid === current} onClick={() => menu.send({ type: 'user.chooseBuilding', uuid: b.uuid })}>
              {b.name}
              <Address>{b.address_1}</Address>
            </Choice>
          </li>
        ))}
      </List>
      <ModalActions>
        <Button type="button" variant="secondary" onClick={close}>
          {t('auth.close')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
