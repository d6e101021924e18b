import type { ReactNode } from 'react';
import type { AnyActorLogic, AnyActorRef, InspectionEvent } from 'xstate';
import { screenId, type ScreenName } from '../../machines/app/screens';
import type { ScreenActors } from '../../src/ui/appContext';
import { renderInShell, shellApp, type ShellOptions } from '../unit/appShell.harness';
import { makeBuilding } from '../fixtures/buildings';

/** The building the screens below are about (the stand-in building actor's current one). */
export const SCREEN_BUILDING = makeBuilding('b-1');

/**
 * A screen flow as the app runs it: a child `screen.<name>` of a stand-in app (test/unit/appShell.harness.tsx) whose
 * building is `SCREEN_BUILDING`, so its page finds it with `useScreen` and draws the real header. `inspect` sees the
 * whole system (the machine runs' coverage). Both runs start it so; only the rendered runs draw it.
 */
export function startScreen<N extends ScreenName>(
  name: N,
  logic: AnyActorLogic,
  input: unknown,
  inspect?: (event: InspectionEvent) => void,
  shell: ShellOptions = {},
) {
  const { app } = shellApp({
    ...shell,
    building: { current: SCREEN_BUILDING, buildings: [SCREEN_BUILDING], ...shell.building },
    screens: { [name]: { logic, input } },
    ...(inspect ? { inspect } : {}),
  });
  const actor = (app.getSnapshot().children as Record<string, AnyActorRef>)[screenId(name)] as ScreenActors[N];
  return { app, actor };
}

/** Draws a screen's page over the app `startScreen` made, at `path` (the page reads its building from the app). */
export const renderScreen = (flow: { app: ReturnType<typeof shellApp>['app'] }, page: () => ReactNode, path: string) =>
  renderInShell(flow.app, page, path);
