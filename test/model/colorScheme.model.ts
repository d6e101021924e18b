import { setup } from 'xstate';

/**
 * A pure test model of the colour scheme setting: the app starts with the choice kept from an earlier visit
 * (`start.kept`: dark), none (`start.none`) or one it does not know (`start.unknown`: both follow the device), and the
 * person chooses another (`user.chooseSystem`, `user.chooseLight`, `user.chooseDark`).
 */
export type ColorSchemeModelEvent =
  | { type: 'start.none' }
  | { type: 'start.kept' }
  | { type: 'start.unknown' }
  | { type: 'user.chooseSystem' }
  | { type: 'user.chooseLight' }
  | { type: 'user.chooseDark' };

export type ColorSchemeModelState = 'opening' | 'system' | 'light' | 'dark';

const choices = { 'user.chooseSystem': 'system', 'user.chooseLight': 'light', 'user.chooseDark': 'dark' } as const;

export const colorSchemeModel = setup({ types: { events: {} as ColorSchemeModelEvent } }).createMachine({
  id: 'colorSchemeModel',
  initial: 'opening',
  states: {
    opening: { on: { 'start.none': 'system', 'start.kept': 'dark', 'start.unknown': 'system' } },
    system: { on: { 'user.chooseLight': choices['user.chooseLight'], 'user.chooseDark': choices['user.chooseDark'] } },
    light: { on: { 'user.chooseSystem': choices['user.chooseSystem'], 'user.chooseDark': choices['user.chooseDark'] } },
    dark: { on: { 'user.chooseSystem': choices['user.chooseSystem'], 'user.chooseLight': choices['user.chooseLight'] } },
  },
});
