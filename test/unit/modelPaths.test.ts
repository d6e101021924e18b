import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { coverGaps, defaultLens, modelPaths, renderCover, untakenTransitions, whatViewsMustShow } from '../model/paths';
import { rsvpModel, type RsvpModelEvent } from '../model/rsvp.model';

type DoorEvent = { type: 'user.open' } | { type: 'user.close' } | { type: 'user.lock' } | { type: 'user.unlock' } | { type: 'api.jammed' };

/** A door: closed, open or locked; a jam (the world's doing) takes a closed door to stuck, which nothing leaves. */
const door = setup({ types: { events: {} as DoorEvent } }).createMachine({
  initial: 'closed',
  states: {
    closed: { on: { 'user.open': 'open', 'user.lock': 'locked', 'api.jammed': 'stuck' } },
    open: { on: { 'user.close': 'closed' } },
    locked: { on: { 'user.unlock': 'closed' } },
    stuck: {},
  },
});
const lens = defaultLens<DoorEvent>();
const keyOf = (events: { type: string }[]) => events.map((e) => e.type).join(' ');

describe('model paths', () => {
  const paths = modelPaths(door, 'pairs');

  it('take every transition once by default: the shortest way to its source, then it, none the beginning of another', () => {
    expect(
      modelPaths(door)
        .map((p) => keyOf(p.events))
        .sort(),
    ).toEqual(['api.jammed', 'user.lock user.unlock', 'user.open user.close'].sort());
    expect(untakenTransitions(door, modelPaths(door)).untaken).toEqual([]);
  });

  it('with pairs, take every pair of transitions in a row, once each, none the beginning of another', () => {
    expect(paths.map((p) => keyOf(p.events)).sort()).toEqual(
      [
        'api.jammed',
        'user.lock user.unlock user.lock',
        'user.lock user.unlock user.open',
        'user.lock user.unlock api.jammed',
        'user.open user.close user.lock',
        'user.open user.close user.open',
        'user.open user.close api.jammed',
      ].sort(),
    );
    const keys = paths.map((p) => keyOf(p.events));
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of keys) for (const b of keys) if (a !== b) expect(b.startsWith(`${a} `)).toBe(false);
  });

  it('leave no transition of the model untaken', () => {
    expect(untakenTransitions(door, paths).untaken).toEqual([]);
    const neverJammed = paths.filter((p) => !p.events.some((e) => e.type === 'api.jammed'));
    expect(untakenTransitions(door, neverJammed).untaken).toEqual(['"closed"{} {"type":"api.jammed"}']);
  });
});

describe('the rendered cover', () => {
  it('must show every view state and every user action from every state it is taken in', () => {
    expect([...whatViewsMustShow(door, lens)].sort()).toEqual(
      [
        'view state open',
        'view state closed',
        'view state locked',
        'view state stuck',
        'user action user.open in closed',
        'user action user.lock in closed',
        'user action user.close in open',
        'user action user.unlock in locked',
      ].sort(),
    );
  });

  it('is complete, and smaller than the paths', () => {
    const paths = modelPaths(door, 'pairs');
    const cover = renderCover(door, paths, lens);
    expect(coverGaps(door, cover, lens)).toEqual([]);
    expect(cover.length).toBeLessThan(paths.length);
  });

  it('names the view state a cover leaves out: the RSVP cover without the path that shows sold out', () => {
    const paths = modelPaths(rsvpModel);
    const cover = renderCover(rsvpModel, paths, defaultLens<RsvpModelEvent>());
    expect(coverGaps(rsvpModel, cover, defaultLens<RsvpModelEvent>())).toEqual([]);
    const withoutSoldOut = cover.filter((path) => !path.events.some((e) => e.type === 'start.full'));
    expect(withoutSoldOut.length).toBe(cover.length - 1);
    expect(coverGaps(rsvpModel, withoutSoldOut, defaultLens<RsvpModelEvent>())).toContain('view state soldOut');
  });
});
