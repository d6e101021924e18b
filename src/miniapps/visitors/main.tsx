import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { hostOriginOf } from '../../bridge/client/atriumBridge';
import { apiBaseOf } from './api';
import { visitorPassesLogic } from './logic';
import { VisitorsApp } from './ui/VisitorsApp';
import './visitors.css';

/** The Visitors mini-app's page (issue 23): its flow, started once with what the frame's address says. */
const search = new URLSearchParams(window.location.search);
const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const actor = createActor(visitorPassesLogic({ apiBase: apiBaseOf(search, hostOriginOf(window)) }), {
  input: {
    appUuid: search.get('appUuid') ?? '',
    locale: search.get('locale') ?? navigator.language ?? 'en',
    today: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
  },
}).start();

createRoot(document.getElementById('root')!).render(<VisitorsApp actor={actor} />);
