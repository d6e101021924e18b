import { fromCallback, fromPromise } from 'xstate';
import { visitorCheckInMachine } from '../../../machines/kiosk/visitorCheckIn.machine';
import type { CameraFeed, CameraProblem, PassAnswer, PassCheck, VisitorCheckInEvent } from '../../../machines/kiosk/visitorCheckIn.types';
import { checkVisitorPass } from '../../api/visits';

/** How often a frame is looked at for a QR code, and the widest frame decoded (a pass fills much of the view). */
const FRAME_MS = 150;
const DECODE_WIDTH = 640;
/** Frames without the code before it counts as gone: showing it again reads it again. */
const GONE_AFTER_FRAMES = 6;

/** What a refused or failed getUserMedia means for the person. */
function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'none';
  return 'failed';
}

/** The back camera where there is one (a tablet's), else any camera. */
async function openCamera(): Promise<MediaStream> {
  const media = navigator.mediaDevices;
  try {
    return await media.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' } } });
  } catch (error) {
    if (problemOf(error) !== 'none') throw error;
    return media.getUserMedia({ audio: false, video: true });
  }
}

/**
 * The device camera and the QR decoder (jsqr, loaded with the camera only): frames of the stream are drawn to a canvas
 * and decoded; a code is reported when it comes into view, once while it stays there. Everything stops with the actor
 * (the desk's camera state left: the screen closed or the page hidden).
 */
export const camera = fromCallback<VisitorCheckInEvent, void>(({ sendBack }) => {
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  const canvas = document.createElement('canvas');
  const drawing = canvas.getContext('2d', { willReadFrequently: true });

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream?.getTracks() ?? []) track.stop();
    video.srcObject = null;
  };

  void (async () => {
    if (!navigator.mediaDevices?.getUserMedia) return sendBack({ type: 'camera.unavailable', problem: 'none' });
    try {
      const [opened, jsqr] = await Promise.all([openCamera(), import('jsqr')]);
      stream = opened;
      if (stopped) return stop();
      video.srcObject = stream;
      await video.play();
      if (stopped) return stop();
      const feed: CameraFeed = {
        attach: (preview) => {
          preview.srcObject = stream;
          return () => {
            if (preview.srcObject === stream) preview.srcObject = null;
          };
        },
      };
      sendBack({ type: 'camera.live', feed });
      let inView: string | null = null;
      let missed = 0;
      const look = () => {
        if (stopped) return;
        const width = video.videoWidth;
        const height = video.videoHeight;
        if (drawing && width > 0 && height > 0) {
          const scale = Math.min(1, DECODE_WIDTH / width);
          canvas.width = Math.round(width * scale);
          canvas.height = Math.round(height * scale);
          drawing.drawImage(video, 0, 0, canvas.width, canvas.height);
          const frame = drawing.getImageData(0, 0, canvas.width, canvas.height);
          const text = jsqr.default(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
          if (text) {
            missed = 0;
            if (text !== inView) sendBack({ type: 'camera.read', text });
            inView = text;
          } else if (inView !== null && ++missed >= GONE_AFTER_FRAMES) inView = null;
        }
        timer = setTimeout(look, FRAME_MS);
      };
      look();
    } catch (error) {
      stop();
      sendBack({ type: 'camera.unavailable', problem: problemOf(error) });
    }
  })();

  return stop;
});

/** The page hidden (another tab, the screen off) or shown again. */
export const watchVisibility = fromCallback<VisitorCheckInEvent, void>(({ sendBack }) => {
  const report = () => sendBack({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.shown' });
  if (document.visibilityState === 'hidden') report();
  document.addEventListener('visibilitychange', report);
  return () => document.removeEventListener('visibilitychange', report);
});

const checkPass = fromPromise<PassAnswer, PassCheck>(({ input }) => checkVisitorPass(input));

/** /visitors/check-in with the device camera, the page's visibility and the real API. */
export const visitorCheckInLogic = () => visitorCheckInMachine.provide({ actors: { camera, watchVisibility, checkPass } });
