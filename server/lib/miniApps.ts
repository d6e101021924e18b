/** The demo mini-apps this server serves itself (routes/miniApps.ts). */
export const DEMO_MINI_APPS = [
  { name: 'Visitor registration (demo)', baseUrl: '/mfe-visitors/' },
  { name: 'Survey (demo)', baseUrl: '/mfe-survey/' },
] as const;
