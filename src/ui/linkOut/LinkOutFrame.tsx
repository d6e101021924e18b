import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { linkOutFrameMachine } from '../../../machines/linkOut/linkOutFrame.machine';

/** TEMPORARY stand-in until the home work lands the real link-out frame view. */
export function LinkOutFrame({ actor }: { actor: ActorRefFrom<typeof linkOutFrameMachine> }) {
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const url = useSelector(actor, (s) => s.context.url);
  if (!open) return null;
  return (
    <div role="dialog" aria-label="frame">
      <iframe title="frame" src={url ?? undefined} />
      <button type="button" onClick={() => actor.send({ type: 'linkOut.close' })}>
        Close
      </button>
    </div>
  );
}
