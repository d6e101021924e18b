import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { colorSchemeMachine } from '../../machines/appearance/colorScheme.machine';

function start(persisted: string | null) {
  const calls = {
    apply: vi.fn<(preference: string) => void>(),
    persist: vi.fn<(preference: string) => void>(),
    report: vi.fn<() => void>(),
  };
  const actor = createActor(
    colorSchemeMachine.provide({
      actions: {
        applyPreference: (_, { preference }) => calls.apply(preference),
        persistPreference: (_, { preference }) => calls.persist(preference),
        reportChange: () => calls.report(),
      },
    }),
    { input: { persisted } },
  ).start();
  return { actor, calls };
}

describe('colorSchemeMachine', () => {
  it('follows the device when nothing was kept, and keeps nothing at start', () => {
    const { actor, calls } = start(null);
    expect(actor.getSnapshot().context.preference).toBe('system');
    expect(calls.apply.mock.calls).toEqual([['system']]);
    expect(calls.persist).not.toHaveBeenCalled();
  });

  it.each(['light', 'dark'])('resumes a kept %s before anything paints', (kept) => {
    const { actor, calls } = start(kept);
    expect(actor.getSnapshot().context.preference).toBe(kept);
    expect(calls.apply.mock.calls).toEqual([[kept]]);
  });

  it('reads an unknown kept value as system', () => {
    expect(start('sepia').actor.getSnapshot().context.preference).toBe('system');
  });

  it('shows and keeps each choice, system included', () => {
    const { actor, calls } = start(null);
    for (const preference of ['dark', 'light', 'system'] as const) {
      actor.send({ type: 'user.choose', preference });
      expect(actor.getSnapshot().context.preference).toBe(preference);
      expect(calls.apply).toHaveBeenLastCalledWith(preference);
      expect(calls.persist).toHaveBeenLastCalledWith(preference);
    }
    expect(calls.apply).toHaveBeenCalledTimes(4);
    // Each choice is reported to the app (open mini-apps hear themeChanged); the start is not a change.
    expect(calls.report).toHaveBeenCalledTimes(3);
  });
});
