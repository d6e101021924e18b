import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { FLAGS_ID } from '../../../machines/flags/flags.machine';
import { LOCALE_ID, type localeMachine } from '../../../machines/locale/locale.machine';
import type { Message } from '../../../machines/account/account.selectors';
import type { FlagsRef } from '../../../machines/app/app.refs';
import { useAppActor } from '../appContext';
import { runningActor } from '../../../machines/app/system';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';

export type LocaleRef = ActorRefFrom<typeof localeMachine>;

export const useFlagsRef = () => runningActor(useAppActor().system, FLAGS_ID);
export const useFlagsSelector = <T>(selector: (snapshot: SnapshotFrom<FlagsRef>) => T) => useSelector(useFlagsRef(), selector);

export const useLocaleRef = () => runningActor(useAppActor().system, LOCALE_ID);
export const useLocaleSelector = <T>(selector: (snapshot: SnapshotFrom<LocaleRef>) => T) => useSelector(useLocaleRef(), selector);

/** Renders a selector's message: a catalogue id in the person's language, or the server's own words. */
export function useMessage() {
  const t = useT();
  return (message: Message | string | null): string | undefined => {
    if (!message) return undefined;
    if (typeof message === 'string') return t(message as MessageId);
    return 'id' in message ? t(message.id as MessageId) : message.text;
  };
}
