/**
 * The tap of development and VITE_DEV_KIT builds (src/main.tsx): keeps the root system's inspection events until a
 * statechart visualizer (`/__statecharts`, this tab or another) says hello on the `atrium-statecharts` channel, then
 * loads the recorder and hands it what it kept. Small on purpose: it is in the first load of those builds, the recorder
 * is not.
 */
import type { InspectionEvent } from 'xstate';
import type { StatechartMessage } from './statechartRecords';

/** The channel the recorder posts on and the visualizer listens to. */
export const STATECHARTS_CHANNEL = 'atrium-statecharts';

/** What the tap keeps before the recorder loads; actors' starts are always kept (the tree needs them). */
const KEPT = 4000;
const RECORDED = new Set(['@xstate.actor', '@xstate.snapshot', '@xstate.event', '@xstate.microstep']);

export function inspectionTap(): (event: InspectionEvent) => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(STATECHARTS_CHANNEL);
  let kept: InspectionEvent[] = [];
  let recorder: ((event: InspectionEvent) => void) | null = null;
  let loading = false;
  channel.onmessage = ({ data }: MessageEvent<StatechartMessage>) => {
    if (data?.type !== 'visualizer.hello' || loading) return;
    loading = true;
    void import('./statechartRecorder').then(({ startRecorder }) => {
      recorder = startRecorder(channel, kept).inspect;
      kept = [];
    });
  };
  channel.postMessage({ type: 'app.hello' } satisfies StatechartMessage);
  return (event) => {
    if (recorder) return recorder(event);
    if (!RECORDED.has(event.type)) return;
    kept.push(event);
    if (kept.length > KEPT) kept = kept.filter((e, index) => e.type === '@xstate.actor' || index > KEPT / 2);
  };
}
